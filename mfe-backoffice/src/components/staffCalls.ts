import { http, type StaffMeResponse, type StaffTemplateListResponse } from '@excursio/shared';

export const STAFF_API = '/api/staff';

/** Calls every back-office page may need: who is working, and the reusable text templates. */
export const staffCalls = {
  me: () => http.request<StaffMeResponse>('GET', `${STAFF_API}/me`),
  templates: (list: 'moderation' | 'support') => http.request<StaffTemplateListResponse>('GET', `${STAFF_API}/${list}/templates`),
};
