import { http, type PartnerEventResponse } from '@excursio/shared';

const E = '/api/excursion/partner/events';

/** The slot page's calls. */
export const eventCalls = {
  event: (id: number) => http.request<PartnerEventResponse>('GET', `${E}/${id}`),
  /** Run a gathering slot below its minimum (issue 32 §1); the calendar's answer is not used. */
  confirmGroup: (id: number) => http.request<unknown>('POST', `/api/excursion/partner/calendar/slots/${id}/confirm-group`),
  checkIn: (id: number, code: string) => http.request<PartnerEventResponse>('POST', `${E}/${id}/check-in`, { body: { code } }),
};
