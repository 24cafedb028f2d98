import type { Dashboard, DashboardDay, ModerationDetail, StaffModerationItem, StaffOrder, StaffTicket } from '@excursio/shared';

const day = (date: string, over: Partial<DashboardDay> = {}): DashboardDay => ({ date, orders: 0, paid_amount: 0, commission: 0, new_partners: 0, ...over });

export const dashboard = (): Dashboard => ({
  today: day('2026-05-30', { orders: 12, paid_amount: 48500, commission: 7275, new_partners: 2 }),
  queues: {
    moderation: { count: 3, oldest_at: '2026-05-29T08:00:00Z', oldest_age_s: 26 * 3600 },
    support: { count: 1, oldest_at: '2026-05-30T09:00:00Z', oldest_age_s: 45 * 60 },
    refunds: { count: 0, oldest_at: null, oldest_age_s: null },
  },
  support_first_answer_median_s: 2 * 3600 + 5 * 60,
  series: Array.from({ length: 30 }, (_, i) => day(`2026-05-${String(i + 1).padStart(2, '0')}`, { orders: i % 5, paid_amount: 1000 * i, commission: 150 * i, new_partners: i % 2 })),
});

export const queueItem = (over: Partial<StaffModerationItem> = {}): StaffModerationItem => ({
  kind: 'change',
  id: 5,
  excursion_id: 40,
  title: 'Тайны Замоскворечья',
  partner: 'Михаил Орлов',
  partner_id: 2,
  city_name: 'Москва',
  changes: null,
  submitted_at: '2026-05-30T07:00:00Z',
  age_s: 3 * 3600 + 20 * 60,
  claim: null,
  ...over,
});

export const changeDetail = (over: Partial<ModerationDetail> = {}): ModerationDetail => ({
  ...queueItem(),
  state: 'pending',
  partner_comment: 'Уточнил маршрут',
  moderator_comment: null,
  fields: [
    { field: 'title', label: 'Название', current: 'Тайны Замоскворечья', proposed: 'Тайны Замоскворечья', changed: false },
    { field: 'description', label: 'Описание', current: 'Прогулка по старым улицам', proposed: 'Прогулка по тихим старым улицам', changed: true },
  ],
  photos: [{ thumb_url: '/media/1-thumb.jpg', url: '/media/1.jpg' }],
  public_url: '/excursion/moskva/moskva/tajny',
  ...over,
});

export const ticket = (over: Partial<StaffTicket> = {}): StaffTicket => ({
  id: 17,
  subject: 'Не пришёл билет',
  status: 'open',
  kind: 'client',
  order_id: 42,
  excursion: { id: 7, title: 'Сердце столицы' },
  user: { id: 1, name: 'Анна Смирнова', user_type: 'client' },
  assignee: null,
  last_message: 'Оплатила, а билета нет',
  messages_count: 1,
  created_at: '2026-05-30T08:00:00Z',
  updated_at: '2026-05-30T08:00:00Z',
  first_answer_s: null,
  messages: [{ id: 1, kind: 'owner', author: null, text: 'Оплатила, а билета нет', created_at: '2026-05-30T08:00:00Z' }],
  ...over,
});

export const order = (over: Partial<StaffOrder> = {}): StaffOrder => ({
  id: 42,
  status: 'confirmed',
  created_at: '2026-05-20T10:00:00Z',
  starts_at: '2026-06-10T07:00:00Z',
  time_zone: 'Europe/Moscow',
  excursion: { id: 7, title: 'Сердце столицы' },
  customer: { id: 1, name: 'Анна Смирнова', phone: '+7 999 000-00-01' },
  partner: { id: 2, name: 'Михаил Орлов', phone: '+7 999 000-00-02' },
  contact_name: 'Анна Смирнова',
  contact_phone: '+7 999 000-00-01',
  seats: 2,
  total: 6000,
  prepayment: 900,
  paid: 900,
  comment: '',
  participants: [{ code: 'adult', name: 'Взрослый', price: 3000, count: 2 }],
  refund_amount: null,
  payment_due_at: null,
  payments: [{ id: 3, provider: 'yookassa', external_id: 'pay_2f1c', amount: 900, status: 'succeeded', created_at: '2026-05-20T10:05:00Z', paid_at: '2026-05-20T10:06:00Z' }],
  refunds: [],
  history: [{ status: 'confirmed', actor: 'partner', reason: null, at: '2026-05-20T10:03:00Z' }],
  tickets: [{ id: 1, code: 'EX-42-A', status: 'active' }],
  support_tickets: [],
  refundable: 900,
  chat_messages_count: 2,
  actions: { cancel: true, refund: true, resend_tickets: true, extend_hold: false },
  ...over,
});
