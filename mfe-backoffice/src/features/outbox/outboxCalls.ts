import { http, type StaffOutboxQuery, type StaffOutboxResponse, type StatusResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const B = `${STAFF_API}/outbox`;

/** Rows per request («Показать ещё» asks for the next ones before the last id shown). */
export const OUTBOX_PAGE = 50;

export const outboxCalls = {
  entries: (query: StaffOutboxQuery) => http.request<StaffOutboxResponse>('GET', B, { query: { ...query } }),
  /** One row as it is now (the list answers the newest rows below `before_id`, so id + 1 with limit 1 is that row). */
  entry: (id: number) => http.request<StaffOutboxResponse>('GET', B, { query: { before_id: id + 1, limit: 1 } }),
  /** A failed row tried again now (its attempts start over); any staff role may (the api allows every staff account). */
  retry: (id: number) => http.request<StatusResponse>('POST', `${B}/${id}/retry`),
};
