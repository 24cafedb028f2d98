import { http, type StaffTicketListQuery, type StaffTicketListResponse, type StaffTicketResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const T = `${STAFF_API}/support/tickets`;

export const supportCalls = {
  tickets: (query: StaffTicketListQuery) => http.request<StaffTicketListResponse>('GET', T, { query: { ...query } }),
  ticket: (id: number) => http.request<StaffTicketResponse>('GET', `${T}/${id}`),
  assign: (id: number) => http.request<StaffTicketResponse>('POST', `${T}/${id}/assign`),
  unassign: (id: number) => http.request<StaffTicketResponse>('POST', `${T}/${id}/unassign`),
  answer: (id: number, text: string) => http.request<StaffTicketResponse>('POST', `${T}/${id}/answer`, { body: { text } }),
  note: (id: number, text: string) => http.request<StaffTicketResponse>('POST', `${T}/${id}/notes`, { body: { text } }),
  close: (id: number) => http.request<StaffTicketResponse>('POST', `${T}/${id}/close`),
};

export const TICKET_STATUSES = { open: 'Ждёт ответа', answered: 'Отвечено', closed: 'Закрыто' } as const;
export const TICKET_KINDS = { client: 'Путешественник', partner: 'Партнёр' } as const;
