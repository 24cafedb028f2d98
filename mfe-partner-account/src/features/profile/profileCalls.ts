import { http, type ImagePreset, type PartnerProfileBody, type PartnerProfileResponse, type UploadedImageResponse } from '@excursio/shared';

const P = '/api/excursion/partner/profile/details';

/** The calls of the partner's profile page. */
export const profileCalls = {
  profile: () => http.request<PartnerProfileResponse>('GET', P),
  save: (body: PartnerProfileBody) => http.request<PartnerProfileResponse>('PUT', P, { body }),
  /** The guide's portrait, checked and resized by the api (multipart part `photo`). */
  upload: (file: File, preset: ImagePreset): Promise<UploadedImageResponse> => {
    const form = new FormData();
    form.append('photo', file);
    return http.request<UploadedImageResponse>('POST', '/api/media/uploads', { query: { preset }, body: form });
  },
  setPhoto: (imageId: number) => http.request<PartnerProfileResponse>('PUT', `${P}/photo`, { body: { image_id: imageId } }),
};
