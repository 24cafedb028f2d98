import {
  http,
  type ChangeRequestBody,
  type ExcursionFormOptionsResponse,
  type PartnerExcursionFields,
  type PartnerExcursionListResponse,
  type PartnerExcursionResponse,
  type UploadedImageResponse,
} from '@excursio/shared';

const E = '/api/excursion/partner/excursions';
export type ExcursionAction = 'submit' | 'withdraw' | 'hide' | 'show' | 'archive' | 'restore' | 'duplicate';

/** The calls of the partner's excursion pages. */
export const excursionCalls = {
  list: () => http.request<PartnerExcursionListResponse>('GET', E),
  options: () => http.request<ExcursionFormOptionsResponse>('GET', `${E}/options`),
  create: (cityId: number, title: string) => http.request<PartnerExcursionResponse>('POST', E, { body: { city_id: cityId, title } }),
  get: (id: number) => http.request<PartnerExcursionResponse>('GET', `${E}/${id}`),
  save: (id: number, fields: PartnerExcursionFields) => http.request<PartnerExcursionResponse>('PUT', `${E}/${id}`, { body: fields }),
  photos: (id: number, imageIds: number[]) => http.request<PartnerExcursionResponse>('PUT', `${E}/${id}/photos`, { body: { image_ids: imageIds } }),
  act: (id: number, action: ExcursionAction) => http.request<PartnerExcursionResponse>('POST', `${E}/${id}/${action}`),
  proposeChange: (id: number, body: ChangeRequestBody) => http.request<PartnerExcursionResponse>('POST', `${E}/${id}/change-request`, { body }),
  /** A photo for the excursion (multipart part `photo`), checked and resized by the api. */
  upload: (file: File): Promise<UploadedImageResponse> => {
    const form = new FormData();
    form.append('photo', file);
    return http.request<UploadedImageResponse>('POST', '/api/media/uploads', { query: { preset: 'photo' }, body: form });
  },
};
