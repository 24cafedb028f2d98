import { http, type StaffAccountListQuery, type StaffAccountListResponse, type StaffAccountResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const A = `${STAFF_API}/accounts`;

export const accountCalls = {
  accounts: (query: StaffAccountListQuery) => http.request<StaffAccountListResponse>('GET', A, { query: { ...query } }),
  account: (id: number) => http.request<StaffAccountResponse>('GET', `${A}/${id}`),
  block: (id: number, reason: string) => http.request<StaffAccountResponse>('POST', `${A}/${id}/block`, { body: { reason } }),
  unblock: (id: number, reason: string) => http.request<StaffAccountResponse>('POST', `${A}/${id}/unblock`, { body: { reason } }),
  verifyRequisites: (id: number) => http.request<StaffAccountResponse>('POST', `${A}/${id}/requisites/verify`),
  setRole: (id: number, role: 'client' | 'staff' | 'admin') => http.request<StaffAccountResponse>('PUT', `${A}/${id}/role`, { body: { role } }),
};

export const ROLES = { client: 'Путешественник', partner: 'Партнёр', staff: 'Сотрудник', admin: 'Администратор' } as const;
