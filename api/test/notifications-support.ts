// Helpers of the notification and chat tests: fresh accounts, orders on known partners, the events the api published.
import assert from 'node:assert/strict';
import { before } from 'node:test';
import { eq } from 'drizzle-orm';
import { chatMessages, chatReads, notifications, users } from '../src/db/schema';
import { bearer, PARTNER_PHONE, type TestContext } from './helpers/app';
import { createSlot, excursionIdOf, orderBody, ORDER, OTHER_PARTNER_PHONE, postOrder } from './orders-support';

export { OTHER_PARTNER_PHONE, PARTNER_PHONE };
/** Two customers of their own (the demo customer has seeded notifications and chats). */
export const CUSTOMER_A = '79990000101';
export const CUSTOMER_B = '79990000102';
/** Excursions of the fixture's two partners. */
export const EXCURSION_OF = { [PARTNER_PHONE]: 'serdtse-stolitsy', [OTHER_PARTNER_PHONE]: 'dvortsy-i-mosty' } as const;

export interface Published {
  channel: string;
  event: string;
  data: any;
}

/**
 * Records what the app publishes (the built-in server is the app's broadcaster; it still delivers), and starts the
 * suite with no notifications or chats and the two customers created. Call after useTestApp.
 */
export function useConversationFixtures(ctx: TestContext): { published: Published[] } {
  const published: Published[] = [];
  before(async () => {
    const server = ctx.app.realtime;
    const deliver = server.publish.bind(server);
    server.publish = async (channel, event, data, options) => {
      for (const one of typeof channel === 'string' ? [channel] : channel) published.push({ channel: one, event, data });
      return deliver(channel, event, data, options);
    };
    await ctx.db.delete(notifications);
    await ctx.db.delete(chatReads);
    await ctx.db.delete(chatMessages);
    await ctx.db
      .insert(users)
      .values([
        { phone: CUSTOMER_A, name: 'Алиса Первая', userType: 'client' },
        { phone: CUSTOMER_B, name: 'Борис Второй', userType: 'client' },
      ])
      .onConflictDoNothing();
  });
  return { published };
}

export async function userIdOf(ctx: TestContext, phone: string): Promise<number> {
  const row = await ctx.db.query.users.findFirst({ columns: { id: true }, where: eq(users.phone, phone) });
  if (!row) throw new Error(`no user ${phone}`);
  return row.id;
}

/** An instant-booking order (awaiting payment) of the customer on one of the partner's excursions. */
export async function placeOrder(ctx: TestContext, customerToken: string, partnerPhone: keyof typeof EXCURSION_OF): Promise<number> {
  const slug = EXCURSION_OF[partnerPhone];
  const slot = await createSlot(ctx, slug);
  const created = await postOrder(ctx, customerToken, orderBody(await excursionIdOf(ctx, slug), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.data.id as number;
}

/** Pays an order's prepayment through the test provider. */
export async function payOrder(ctx: TestContext, customerToken: string, orderId: number): Promise<void> {
  const started = await ctx.app.inject({ method: 'POST', url: `${ORDER}/${orderId}/pay`, headers: bearer(customerToken) });
  assert.equal(started.statusCode, 200, started.body);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/test/${started.json().data.payment_id as string}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  assert.equal(paid.statusCode, 303);
}

export async function api(ctx: TestContext, method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
