import {
  http,
  type OrderStateResponse,
  type PartnerDecisionBody,
  type PartnerOrderListQuery,
  type PartnerOrderListResponse,
  type PartnerOrderResponse,
  type ProposalBody,
  type ProposalOptionsResponse,
} from '@excursio/shared';

const LIST = '/api/excursion/partner/orders';
const ORDER = '/api/excursion/partner/order';

export type Decision = 'confirm' | 'decline' | 'cancel' | 'no-show';

/** The calls of the partner's orders, order page and dashboard. */
export const orderCalls = {
  orders: (query: PartnerOrderListQuery) => http.request<PartnerOrderListResponse>('GET', LIST, { query: { ...query } }),
  order: (id: number) => http.request<PartnerOrderResponse>('GET', `${LIST}/${id}`),
  answerReschedule: (id: number, approve: boolean) =>
    http.request<PartnerOrderResponse>('POST', `${ORDER}/${id}/reschedule/${approve ? 'approve' : 'decline'}`),
  /** «Предложить другое время» (issue 32 §2): the slots the order fits on, then the proposal itself. */
  proposalOptions: (id: number) => http.request<ProposalOptionsResponse>('GET', `${ORDER}/${id}/proposal/options`),
  propose: (id: number, body: ProposalBody) => http.request<PartnerOrderResponse>('POST', `${ORDER}/${id}/proposal`, { body }),
  decide: (id: number, decision: Decision, body?: PartnerDecisionBody) =>
    http.request<OrderStateResponse>('POST', `${ORDER}/${id}/${decision}`, body ? { body } : {}),
};
