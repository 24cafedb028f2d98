import {
  http,
  type NewSupportTicketBody,
  type SupportStatus,
  type SupportSubjectsResponse,
  type SupportTicketListResponse,
  type SupportTicketResponse,
} from '@excursio/shared';

const S = '/api/excursion/support';

/** The support calls of the signed-in account (the same calls serve the customer's account). */
export const supportCalls = {
  tickets: (query: { status?: SupportStatus; page?: number }) => http.request<SupportTicketListResponse>('GET', `${S}/tickets`, { query }),
  subjects: () => http.request<SupportSubjectsResponse>('GET', `${S}/subjects`),
  create: (body: NewSupportTicketBody) => http.request<SupportTicketResponse>('POST', `${S}/tickets`, { body }),
  ticket: (id: number) => http.request<SupportTicketResponse>('GET', `${S}/tickets/${id}`),
  write: (id: number, text: string) => http.request<SupportTicketResponse>('POST', `${S}/tickets/${id}/messages`, { body: { text } }),
  close: (id: number) => http.request<SupportTicketResponse>('POST', `${S}/tickets/${id}/close`),
};
