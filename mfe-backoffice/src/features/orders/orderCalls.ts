import {
  http,
  type StaffOrderChatResponse,
  type StaffOrderListQuery,
  type StaffOrderListResponse,
  type StaffOrderResponse,
  type StaffRefundListResponse,
} from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const O = `${STAFF_API}/orders`;
const R = `${STAFF_API}/refunds`;

export const orderCalls = {
  orders: (query: StaffOrderListQuery) => http.request<StaffOrderListResponse>('GET', O, { query: { ...query } }),
  order: (id: number) => http.request<StaffOrderResponse>('GET', `${O}/${id}`),
  chat: (id: number) => http.request<StaffOrderChatResponse>('GET', `${O}/${id}/chat`),
  cancel: (id: number, reason: string, refundAmount: number) =>
    http.request<StaffOrderResponse>('POST', `${O}/${id}/cancel`, { body: { reason, refund_amount: refundAmount } }),
  refund: (id: number, amount: number, reason: string) => http.request<StaffOrderResponse>('POST', `${O}/${id}/refund`, { body: { amount, reason } }),
  resendTickets: (id: number) => http.request<StaffOrderResponse>('POST', `${O}/${id}/resend-tickets`),
  extendHold: (id: number, minutes: number) => http.request<StaffOrderResponse>('POST', `${O}/${id}/extend-hold`, { body: { minutes } }),
  pendingRefunds: () => http.request<StaffRefundListResponse>('GET', R, { query: { status: 'pending' } }),
  approveRefund: (id: number) => http.request<StaffOrderResponse>('POST', `${R}/${id}/approve`),
  rejectRefund: (id: number, reason: string) => http.request<StaffOrderResponse>('POST', `${R}/${id}/reject`, { body: { reason } }),
};
