import {
  http,
  type ContentKind,
  type StaffContentBody,
  type StaffContentListResponse,
  type StaffContentPreviewResponse,
  type StaffContentResponse,
  type StaffNewPostBody,
} from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const C = `${STAFF_API}/content`;

export const contentCalls = {
  list: () => http.request<StaffContentListResponse>('GET', C),
  item: (kind: ContentKind, id: number) => http.request<StaffContentResponse>('GET', `${C}/${kind}/${id}`),
  create: (body: StaffNewPostBody) => http.request<StaffContentResponse>('POST', `${C}/blog`, { body }),
  save: (kind: ContentKind, id: number, body: StaffContentBody) => http.request<StaffContentResponse>('PUT', `${C}/${kind}/${id}`, { body }),
  publish: (kind: ContentKind, id: number) => http.request<StaffContentResponse>('POST', `${C}/${kind}/${id}/publish`),
  unpublish: (kind: ContentKind, id: number) => http.request<StaffContentResponse>('POST', `${C}/${kind}/${id}/unpublish`),
  restore: (kind: ContentKind, id: number, versionId: number) => http.request<StaffContentResponse>('POST', `${C}/${kind}/${id}/restore/${versionId}`),
  preview: (markdown: string, signal?: AbortSignal) => http.request<StaffContentPreviewResponse>('POST', `${C}/preview`, { body: { markdown }, signal }),
};
