import { http, type PartnerEventResponse } from '@excursio/shared';

const E = '/api/excursion/partner/events';

/** The slot page's calls. */
export const eventCalls = {
  event: (id: number) => http.request<PartnerEventResponse>('GET', `${E}/${id}`),
  checkIn: (id: number, code: string) => http.request<PartnerEventResponse>('POST', `${E}/${id}/check-in`, { body: { code } }),
};
