import type { PartnerOrderDetail, PartnerOrderList, PartnerOrderListItem } from '@excursio/shared';

/** A request awaiting the partner's answer (override what a test needs). */
export function partnerOrder(overrides: Partial<PartnerOrderDetail> = {}): PartnerOrderDetail {
  return {
    id: 42,
    status: 'awaiting_confirmation',
    created_at: '2026-11-24T08:00:00Z',
    confirmed_at: null,
    cancelled_at: null,
    payment_due_at: null,
    respond_by: '2026-11-25T08:00:00Z',
    history: [{ status: 'awaiting_confirmation', actor: 'client', reason: null, at: '2026-11-24T08:00:00Z' }],
    excursion: {
      id: 10,
      slug: 'kreml',
      title: 'Кремль изнутри',
      photo_url: '/p.svg',
      city_slug: 'moskva',
      city_name: 'Москва',
      region_slug: 'moskva',
      time_zone: 'Europe/Moscow',
      meeting_point: 'У Кутафьей башни',
      duration_minutes: 120,
      format: 'group',
      price_type: 'per_person',
      cancellation_terms: '',
    },
    event: { id: 31, starts_at: '2026-12-02T07:00:00Z' },
    guide: null,
    guide_contact: null,
    participants: [{ code: 'adult', name: 'Взрослый', price: 2500, count: 2 }],
    seats: 2,
    contact_name: 'Анна Смирнова',
    contact_phone: '+7 999 ***-**-01',
    contact_hidden: true,
    comment: 'Будем с ребёнком',
    total: 5000,
    prepayment: 750,
    rest: 4250,
    refund_amount: null,
    payment: null,
    tickets: [],
    reschedule: null,
    proposal: null,
    cancellation: { allowed: false, refund_percent: 0, refund_amount: 0 },
    ...overrides,
  };
}

export function listItem(overrides: Partial<PartnerOrderListItem> = {}): PartnerOrderListItem {
  return {
    id: 42,
    status: 'awaiting_confirmation',
    created_at: '2026-11-24T08:00:00Z',
    respond_by: '2026-11-25T08:00:00Z',
    payment_due_at: null,
    excursion: { id: 10, title: 'Кремль изнутри', time_zone: 'Europe/Moscow' },
    event: { id: 31, starts_at: '2026-12-02T07:00:00Z' },
    customer_name: 'Анна Смирнова',
    seats: 2,
    total: 5000,
    prepayment: 750,
    ...overrides,
  };
}

export function orderList(items: PartnerOrderListItem[], overrides: Partial<PartnerOrderList> = {}): PartnerOrderList {
  return {
    data: items,
    current_page: 1,
    last_page: 1,
    per_page: 20,
    total: items.length,
    awaiting_answer: items.filter((i) => i.status === 'awaiting_confirmation').length,
    excursions: [{ id: 10, title: 'Кремль изнутри' }],
    ...overrides,
  };
}
