import { http, type StaffMeResponse, type StaffTemplateBody, type StaffTemplateListResponse, type StaffTemplateResponse, type StatusResponse } from '@excursio/shared';

export const STAFF_API = '/api/staff';

/** The two lists of reusable texts: moderation rejections and support replies. */
export type TemplateList = 'moderation' | 'support';

/** Calls every back-office page may need: who is working, and the reusable text templates. */
export const staffCalls = {
  me: () => http.request<StaffMeResponse>('GET', `${STAFF_API}/me`),
  templates: (list: TemplateList) => http.request<StaffTemplateListResponse>('GET', `${STAFF_API}/${list}/templates`),
  createTemplate: (list: TemplateList, body: StaffTemplateBody) => http.request<StaffTemplateResponse>('POST', `${STAFF_API}/${list}/templates`, { body }),
  updateTemplate: (list: TemplateList, id: number, body: StaffTemplateBody) =>
    http.request<StaffTemplateResponse>('PUT', `${STAFF_API}/${list}/templates/${id}`, { body }),
  deleteTemplate: (list: TemplateList, id: number) => http.request<StatusResponse>('DELETE', `${STAFF_API}/${list}/templates/${id}`),
};
