import type { OrderDetail, OrderListItem } from '@excursio/shared';

const EXCURSION: OrderDetail['excursion'] = {
  id: 10,
  slug: 'kreml',
  title: 'Кремль изнутри',
  photo_url: '/api/media/excursion/kreml/1.svg',
  city_slug: 'moskva',
  city_name: 'Москва',
  region_slug: 'moskva-i-podmoskove',
  time_zone: 'Europe/Moscow',
  meeting_point: 'У Кутафьей башни',
  duration_minutes: 120,
  format: 'group',
  price_type: 'per_person',
  cancellation_terms: 'Бесплатная отмена за 24 часа.',
};

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 77,
    status: 'confirmed',
    created_at: '2026-04-01T10:00:00Z',
    confirmed_at: '2026-04-01T10:05:00Z',
    cancelled_at: null,
    payment_due_at: null,
    respond_by: null,
    history: [
      { status: 'awaiting_payment', actor: 'client', reason: null, at: '2026-04-01T10:00:00Z' },
      { status: 'confirmed', actor: 'client', reason: null, at: '2026-04-01T10:05:00Z' },
    ],
    excursion: EXCURSION,
    event: { id: 31, starts_at: '2026-05-02T07:00:00Z' },
    guide: { slug: 'andrey-sokolov', name: 'Андрей Соколов', photo_url: '/g.svg' },
    guide_contact: { phone: '79161234567' },
    participants: [{ code: 'adult', name: 'Взрослый', price: 2500, count: 2 }],
    seats: 2,
    contact_name: 'Анна Смирнова',
    contact_phone: '79990000001',
    comment: 'Будем к 10:00',
    total: 5000,
    prepayment: 750,
    rest: 4250,
    refund_amount: null,
    payment: { id: 1, status: 'succeeded', amount: 750, paid_at: '2026-04-01T10:05:00Z' },
    tickets: [
      { id: 1, code: 'EX-AAAA2222', status: 'active', qr_url: '/api/excursion/user/ticket/EX-AAAA2222/qr' },
      { id: 2, code: 'EX-BBBB3333', status: 'active', qr_url: '/api/excursion/user/ticket/EX-BBBB3333/qr' },
    ],
    reschedule: null,
    proposal: null,
    cancellation: { allowed: true, refund_percent: 100, refund_amount: 750 },
    ...overrides,
  };
}

/** An excursion abroad: its times are Tbilisi's (UTC+4 all year). */
export const OLD_TBILISI: OrderDetail['excursion'] = {
  ...EXCURSION,
  id: 11,
  slug: 'staryj-tbilisi',
  title: 'Старый Тбилиси',
  city_slug: 'tbilisi',
  city_name: 'Тбилиси',
  region_slug: 'gruziya',
  time_zone: 'Asia/Tbilisi',
  meeting_point: 'У моста Мира',
};

export function orderItem(overrides: Partial<OrderListItem> & Pick<OrderListItem, 'id'>): OrderListItem {
  return {
    status: 'confirmed',
    created_at: '2026-04-01T10:00:00Z',
    excursion: EXCURSION,
    event: { id: 31, starts_at: '2099-05-02T07:00:00Z' },
    seats: 2,
    total: 5000,
    prepayment: 750,
    ...overrides,
  };
}
