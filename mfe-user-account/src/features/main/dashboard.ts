import type { MyReviews, OrderListItem } from '@excursio/shared';

export type Attention =
  | { kind: 'pay'; order: OrderListItem }
  | { kind: 'wait'; order: OrderListItem }
  | { kind: 'chat'; orderId: number; count: number; title: string }
  | { kind: 'review'; orderId: number; title: string };

export interface Dashboard {
  next: OrderListItem | null;
  attention: Attention[];
}

/** The next confirmed trip, and what asks for the traveller's action, most urgent first. */
export function dashboardOf(orders: OrderListItem[], unread: Record<string, number>, reviews: MyReviews | null, now: Date): Dashboard {
  const ahead = orders
    .filter((o) => o.status === 'confirmed' && new Date(o.event.starts_at) > now)
    .sort((a, b) => a.event.starts_at.localeCompare(b.event.starts_at));
  const titles = new Map(orders.map((o) => [o.id, o.excursion.title]));
  const attention: Attention[] = [
    ...orders.filter((o) => o.status === 'awaiting_payment').map((order) => ({ kind: 'pay' as const, order })),
    ...Object.entries(unread)
      .filter(([, count]) => count > 0)
      .map(([id, count]) => ({ kind: 'chat' as const, orderId: Number(id), count, title: titles.get(Number(id)) ?? '' })),
    ...(reviews?.awaiting ?? []).map((r) => ({ kind: 'review' as const, orderId: r.order_id, title: r.excursion.title })),
    ...orders.filter((o) => o.status === 'awaiting_confirmation').map((order) => ({ kind: 'wait' as const, order })),
  ];
  return { next: ahead[0] ?? null, attention };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const relative = new Intl.RelativeTimeFormat('ru-RU', { numeric: 'auto' });

/** «через 3 дня», «через 5 часов», «через 20 минут». */
export function countdownText(startsAt: string, now: Date): string {
  const ms = new Date(startsAt).getTime() - now.getTime();
  if (ms >= 2 * DAY_MS) return relative.format(Math.floor(ms / DAY_MS), 'day');
  if (ms >= HOUR_MS) return relative.format(Math.floor(ms / HOUR_MS), 'hour');
  return relative.format(Math.max(1, Math.ceil(ms / 60_000)), 'minute');
}
