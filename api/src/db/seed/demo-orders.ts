import type { ParticipantInput } from '@excursio/shared/contracts';
import { priceOrder, priceUnitsOf } from '@excursio/shared/pricing';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { events, orders, orderStatusHistory, payments, reviews, tickets, type OrderStatus } from '../schema';
import type { SeededExcursion } from './catalog';
import { DAY_MS, localTime } from './events';
import type { Rng } from '../../random';
import { TICKET_ALPHABET } from '../../features/tickets/issue';

export interface DemoOrder {
  id: number;
  status: OrderStatus;
  excursion: SeededExcursion;
  createdAt: Date;
}

interface OrderPlan {
  status: Extract<OrderStatus, 'confirmed' | 'awaiting_confirmation' | 'completed' | 'cancelled_by_customer'>;
  /** Days from now of the excursion date (negative: in the past). */
  eventInDays: number;
  createdDaysAgo: number;
}

const PLANS: OrderPlan[] = [
  { status: 'completed', eventInDays: -12, createdDaysAgo: 20 },
  { status: 'confirmed', eventInDays: 6, createdDaysAgo: 3 },
  { status: 'awaiting_confirmation', eventInDays: 10, createdDaysAgo: 0 },
  { status: 'cancelled_by_customer', eventInDays: 15, createdDaysAgo: 5 },
];


export function ticketCode(random: Rng): string {
  let code = 'EX-';
  for (let i = 0; i < 8; i++) code += TICKET_ALPHABET[random.int(0, TICKET_ALPHABET.length - 1)];
  return code;
}

/** Who goes: two adults (and one of the second price line when the group has room), or three people of a group. */
export function participantsFor(excursion: SeededExcursion): ParticipantInput[] {
  const [first, second] = priceUnitsOf(excursion);
  if (excursion.priceType === 'per_group') return [{ code: first!.code, count: Math.min(3, excursion.groupSizeMax) }];
  const lines = [{ code: first!.code, count: Math.min(2, excursion.groupSizeMax) }];
  if (second && excursion.groupSizeMax >= 3) lines.push({ code: second.code, count: 1 });
  return lines;
}

/** A demo order priced as the order api prices one (the slot's override is ignored: demo orders take the base price). */
function priced(excursion: SeededExcursion, commission: number) {
  const pricing = priceOrder(excursion, null, participantsFor(excursion), commission);
  if (!pricing.ok) throw new Error(`Seed: demo order of ${excursion.slug}: ${JSON.stringify(pricing.errors)}`);
  return pricing;
}

/** Finds (or, in the past, creates) a slot with room for `reserve` seats and takes them unless cancelled. */
async function slotFor(
  db: Database,
  excursion: SeededExcursion,
  plan: OrderPlan,
  reserve: number,
  now: Date,
): Promise<number> {
  const holdsSeats = plan.status !== 'cancelled_by_customer';
  if (plan.eventInDays < 0) {
    const [past] = await db
      .insert(events)
      .values({
        excursionId: excursion.id,
        startsAt: localTime(now, plan.eventInDays, '11:00', excursion.timeZone),
        capacity: excursion.groupSizeMax,
        bookedSeats: reserve,
      })
      .returning({ id: events.id });
    return past!.id;
  }
  const [slot] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.excursionId, excursion.id),
        gte(events.startsAt, new Date(now.getTime() + plan.eventInDays * DAY_MS)),
        gte(sql`${events.capacity} - ${events.bookedSeats}`, reserve),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(1);
  if (slot) {
    if (holdsSeats) {
      await db
        .update(events)
        .set({ bookedSeats: sql`${events.bookedSeats} + ${reserve}` })
        .where(eq(events.id, slot.id));
    }
    return slot.id;
  }
  // Fully booked calendar: open an extra slot for the demo order.
  const [extra] = await db
    .insert(events)
    .values({
      excursionId: excursion.id,
      startsAt: localTime(now, plan.eventInDays, '17:00', excursion.timeZone),
      capacity: excursion.groupSizeMax,
      bookedSeats: holdsSeats ? reserve : 0,
    })
    .returning({ id: events.id });
  return extra!.id;
}

/** The statuses a demo order went through, as the real flow would have recorded them. */
function demoHistory(
  orderId: number,
  status: DemoOrder['status'],
  later: (hours: number) => Date,
  excursion: SeededExcursion,
  now: Date,
): (typeof orderStatusHistory.$inferInsert)[] {
  if (status === 'awaiting_confirmation') return [{ orderId, status, actor: 'client', createdAt: later(0) }];
  const steps: (typeof orderStatusHistory.$inferInsert)[] = [
    { orderId, status: 'awaiting_payment', actor: 'client', createdAt: later(0) },
    { orderId, status: 'confirmed', actor: 'client', createdAt: later(1.5) },
  ];
  if (status === 'completed') {
    const plan = PLANS.find((p) => p.status === 'completed')!;
    steps.push({ orderId, status, actor: 'system', createdAt: localTime(now, plan.eventInDays, '14:00', excursion.timeZone) });
  }
  if (status === 'cancelled_by_customer') steps.push({ orderId, status, actor: 'client', createdAt: later(20) });
  return steps;
}

/** The demo customer's four orders with the demo partner, in four different states. */
export async function seedDemoOrders(
  db: Database,
  options: {
    customer: { id: number; name: string; phone: string };
    partnerExcursions: SeededExcursion[];
    commission: number;
    now: Date;
    random: Rng;
  },
): Promise<DemoOrder[]> {
  const { customer, partnerExcursions, commission, now, random } = options;
  if (partnerExcursions.length === 0) throw new Error('Seed catalog: the demo partner has no excursions');
  const created: DemoOrder[] = [];
  for (const [index, plan] of PLANS.entries()) {
    const excursion = partnerExcursions[index % partnerExcursions.length]!;
    const { participants, seats, total, prepayment } = priced(excursion, commission);
    const reserve = excursion.format === 'individual' ? excursion.groupSizeMax : seats;
    const eventId = await slotFor(db, excursion, plan, reserve, now);
    const createdAt = new Date(now.getTime() - plan.createdDaysAgo * DAY_MS - 2 * 60 * 60 * 1000);
    const later = (hours: number) => new Date(createdAt.getTime() + hours * 60 * 60 * 1000);
    const [order] = await db
      .insert(orders)
      .values({
        customerId: customer.id,
        partnerId: excursion.partnerId,
        excursionId: excursion.id,
        eventId,
        participants,
        seats,
        contactName: customer.name,
        contactPhone: customer.phone,
        comment: index === 1 ? 'Будем с ребёнком 7 лет, можно ли взять самокат?' : '',
        total,
        prepayment,
        status: plan.status,
        createdAt,
        updatedAt: later(2),
        confirmedAt: plan.status === 'confirmed' || plan.status === 'completed' ? later(1) : null,
        completedAt: plan.status === 'completed' ? localTime(now, plan.eventInDays, '14:00', excursion.timeZone) : null,
        cancelledAt: plan.status === 'cancelled_by_customer' ? later(20) : null,
        respondBy: plan.status === 'awaiting_confirmation' ? later(24) : null,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    await db.insert(orderStatusHistory).values(demoHistory(orderId, plan.status, later, excursion, now));
    created.push({ id: orderId, status: plan.status, excursion, createdAt });

    if (plan.status !== 'awaiting_confirmation') {
      await db.insert(payments).values({
        orderId,
        provider: 'demo',
        amount: prepayment,
        status: plan.status === 'cancelled_by_customer' ? 'refunded' : 'succeeded',
        externalId: `demo-${orderId}`,
        createdAt: later(1),
        paidAt: later(1.5),
      });
    }
    if (plan.status === 'confirmed' || plan.status === 'completed') {
      await db.insert(tickets).values(
        Array.from({ length: seats }, () => ({
          orderId,
          code: ticketCode(random),
          status: plan.status === 'completed' ? ('redeemed' as const) : ('active' as const),
          createdAt: later(1.5),
          redeemedAt: plan.status === 'completed' ? localTime(now, plan.eventInDays, '10:55', excursion.timeZone) : null,
        })),
      );
    }
    if (plan.status === 'completed') {
      await db.insert(reviews).values({
        excursionId: excursion.id,
        orderId,
        userId: customer.id,
        authorName: customer.name,
        rating: 5,
        text: 'Очень понравилось: гид рассказывал живо, маршрут продуман, время пролетело незаметно. Рекомендую!',
        reply: 'Анна, спасибо за тёплый отзыв! Будем рады видеть вас снова.',
        createdAt: localTime(now, plan.eventInDays + 1, '20:00', excursion.timeZone),
        repliedAt: localTime(now, plan.eventInDays + 2, '09:30', excursion.timeZone),
      });
    }
  }
  return created;
}
