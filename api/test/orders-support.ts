// Helpers of the order tests: slots with known seats and start times, a second customer, order calls.
import { addDays, dayKeyIn, zonedMoment } from '@excursio/shared/time';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { events, excursions, users } from '../src/db/schema';
import { bearer, type TestContext } from './helpers/app';

export const HOUR_MS = 60 * 60 * 1000;
export const ORDER = '/api/excursion/user/order';
export const OTHER_CUSTOMER_PHONE = '79990000077';
/** The fixture's second partner (guide «Ольга Белова»). */
export const OTHER_PARTNER_PHONE = '79990000005';

export async function excursionIdOf(ctx: TestContext, slug: string): Promise<number> {
  const row = await ctx.db.query.excursions.findFirst({ columns: { id: true }, where: eq(excursions.slug, slug) });
  if (!row) throw new Error(`no excursion ${slug}`);
  return row.id;
}

export interface SlotOptions {
  /** Start, in ms from now (default: in 3 days). */
  startsIn?: number;
  capacity?: number;
  booked?: number;
  priceOverride?: number | null;
  status?: 'active' | 'closed' | 'cancelled';
}

/** A new slot of an excursion with a known start and seats. */
export async function createSlot(ctx: TestContext, slug: string, options: SlotOptions = {}): Promise<number> {
  const [row] = await ctx.db
    .insert(events)
    .values({
      excursionId: await excursionIdOf(ctx, slug),
      startsAt: new Date(Date.now() + (options.startsIn ?? 72 * HOUR_MS)),
      capacity: options.capacity ?? 12,
      bookedSeats: options.booked ?? 0,
      priceOverride: options.priceOverride ?? null,
      status: options.status ?? 'active',
    })
    .returning({ id: events.id });
  return row!.id;
}

export async function bookedSeats(ctx: TestContext, eventId: number): Promise<number> {
  const row = await ctx.db.query.events.findFirst({ columns: { bookedSeats: true }, where: eq(events.id, eventId) });
  return row!.bookedSeats;
}

const MOSCOW = 'Europe/Moscow';
/** Milliseconds from now to that clock time in Moscow three days ahead: slots on one local day whatever the hour now. */
export const inThreeDaysAt = (time: string) => zonedMoment(addDays(dayKeyIn(new Date(), MOSCOW), 3), time, MOSCOW).getTime() - Date.now();

/** Cancels the excursion's active slots starting in [from, to), except `keep`. */
async function cancelSlotsBetween(ctx: TestContext, slug: string, from: Date, to: Date, keep: number[] = []): Promise<void> {
  const found = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.excursionId, await excursionIdOf(ctx, slug)), eq(events.status, 'active'), gte(events.startsAt, from), lt(events.startsAt, to)));
  const ids = found.map((e) => e.id).filter((id) => !keep.includes(id));
  if (ids.length > 0) await ctx.db.update(events).set({ status: 'cancelled' }).where(inArray(events.id, ids));
}

/**
 * Cancels the excursion's active slots on the Moscow day three days ahead, so that the slots a test then makes there
 * are the day's only ones. The seed's calendar has slots on some of those days (which ones moves with the hour: after
 * 21:00 UTC it is already tomorrow in Moscow), and one of them at the same hour came first and failed the test.
 */
export async function clearDayInThreeDays(ctx: TestContext, slug: string): Promise<void> {
  const day = addDays(dayKeyIn(new Date(), MOSCOW), 3);
  await cancelSlotsBetween(ctx, slug, zonedMoment(day, '00:00', MOSCOW), zonedMoment(addDays(day, 1), '00:00', MOSCOW));
}

/**
 * Cancels the excursion's active slots starting within `withinMs` from now, except `keep`: a test's own slots are then
 * the nearest. The seed's calendar has slots on some of the next days, and which ones moves with the date.
 */
export async function cancelSlotsSoon(ctx: TestContext, slug: string, withinMs: number, keep: number[]): Promise<void> {
  await cancelSlotsBetween(ctx, slug, new Date(), new Date(Date.now() + withinMs), keep);
}

/** Moves a slot's start (the orders' clock is the real one: time to start is set on the slot). */
export async function moveSlot(ctx: TestContext, eventId: number, startsIn: number): Promise<void> {
  await ctx.db.update(events).set({ startsAt: new Date(Date.now() + startsIn) }).where(eq(events.id, eventId));
}

/** A token of a second customer (created on first use). */
export async function otherCustomerToken(ctx: TestContext): Promise<string> {
  await ctx.db
    .insert(users)
    .values({ phone: OTHER_CUSTOMER_PHONE, name: 'Борис Другой', userType: 'client' })
    .onConflictDoNothing();
  return ctx.tokenFor(OTHER_CUSTOMER_PHONE);
}

export const orderBody = (excursionId: number, eventId: number, over: Record<string, unknown> = {}) => ({
  excursion_id: excursionId,
  event_id: eventId,
  participants: [
    { code: 'adult', count: 2 },
    { code: 'child', count: 1 },
  ],
  contact_name: 'Анна Смирнова',
  contact_phone: '+7 (999) 123-45-67',
  comment: 'Будем вовремя',
  ...over,
});

export async function postOrder(ctx: TestContext, token: string, body: unknown) {
  const response = await ctx.app.inject({ method: 'POST', url: ORDER, headers: bearer(token), payload: body as object });
  return { status: response.statusCode, body: response.json() };
}

export async function call(ctx: TestContext, method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
