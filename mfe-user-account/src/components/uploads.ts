import { http, type ImagePreset, type UploadedImageResponse } from '@excursio/shared';

export { localPhotoProblem } from '@excursio/shared/ui';

/** The upload call of the account pages (an object, so tests can replace it). */
export const uploadCalls = {
  /** One picture, checked and resized by the api (multipart part `photo`); the answer names its renditions. */
  uploadImage(file: File, preset: ImagePreset): Promise<UploadedImageResponse> {
    const form = new FormData();
    form.append('photo', file);
    return http.request<UploadedImageResponse>('POST', '/api/media/uploads', { query: { preset }, body: form });
  },
};
