import { http, type OrderResponse, type PaymentStartResponse, type RescheduleOptionsResponse, type TicketQrResponse } from '@excursio/shared';

const USER = '/api/excursion/user';

/** The calls of the customer's order page (spec §7). */
export const orderCalls = {
  order: (orderId: number) => http.request<OrderResponse>('GET', `${USER}/order/${orderId}`),
  cancelOrder: (orderId: number) => http.request<OrderResponse>('POST', `${USER}/order/${orderId}/cancel`),
  /** Starts paying the prepayment: send the customer to `data.confirmation_url`. */
  rescheduleOptions: (orderId: number) => http.request<RescheduleOptionsResponse>('GET', `${USER}/order/${orderId}/reschedule`),
  reschedule: (orderId: number, eventId: number) => http.request<OrderResponse>('POST', `${USER}/order/${orderId}/reschedule`, { body: { event_id: eventId } }),
  /** The guide's proposed times (issue 32 §2): take one, or refuse them all (the order is cancelled, refunded in full). */
  acceptProposal: (orderId: number, eventId: number) =>
    http.request<OrderResponse>('POST', `${USER}/order/${orderId}/proposal/accept`, { body: { event_id: eventId } }),
  refuseProposal: (orderId: number) => http.request<OrderResponse>('POST', `${USER}/order/${orderId}/proposal/refuse`),
  /** «Забронировать вместо» (issue 32 §3): books an offered alternative and withdraws the request; answers the new order. */
  switchTo: (orderId: number, eventId: number) => http.request<OrderResponse>('POST', `${USER}/order/${orderId}/switch`, { body: { event_id: eventId } }),
  payOrder: (orderId: number) => http.request<PaymentStartResponse>('POST', `${USER}/order/${orderId}/pay`),
  ticketQr: (code: string) => http.request<TicketQrResponse>('GET', `${USER}/ticket/${encodeURIComponent(code)}/qr`),
};
