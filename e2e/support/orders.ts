// Orders placed through the api for journeys between a customer and the demo partner.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signInAs } from './app';

const PUBLIC = '/api/excursion/public';
/** The demo partner's guides (api/src/db/seed/content/partners.ts). */
const DEMO_GUIDES = ['Михаил Орлов', 'Ольга Орлова', 'Артём Белов'];

interface Card { id: number; slug: string; instant_booking: boolean; city: { slug: string }; region: { slug: string } }
interface Detail { id: number; duration_minutes: number; guide: { name: string } | null; price_units: Array<{ code: string }> }

export const auth = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: 'application/json' });

export interface DemoSlot {
  excursionId: number;
  eventId: number;
  startsAt: string;
  durationMinutes: number;
  priceCode: string;
}

/** An open slot of an excursion of the demo partner, booked instantly or on request. */
export async function demoPartnerSlot(request: APIRequestContext, instant: boolean, minHoursAhead = 0): Promise<DemoSlot> {
  const list = (await (await request.get(`${PUBLIC}/excursions?per_page=48`)).json()) as { data: { data: Card[] } };
  for (const card of list.data.data.filter((c) => c.instant_booking === instant)) {
    const detail = ((await (await request.get(`${PUBLIC}/excursion/${card.region.slug}/${card.city.slug}/${card.slug}`)).json()) as { data: Detail }).data;
    if (!detail.guide || !DEMO_GUIDES.includes(detail.guide.name)) continue;
    const events = (await (await request.get(`${PUBLIC}/excursions/${card.id}/events`)).json()) as {
      data: Array<{ id: number; seats_left: number; starts_at: string }>;
    };
    const after = Date.now() + minHoursAhead * 3_600_000;
    const event = events.data.find((e) => e.seats_left > 0 && Date.parse(e.starts_at) > after);
    if (!event || !detail.price_units[0]) continue;
    return { excursionId: detail.id, eventId: event.id, startsAt: event.starts_at, durationMinutes: detail.duration_minutes, priceCode: detail.price_units[0].code };
  }
  throw new Error(`no ${instant ? 'instant' : 'on-request'} excursion of the demo partner in the seed`);
}

/** An order of one person for a slot, placed through the api as the customer. */
export async function placeOrder(request: APIRequestContext, customerToken: string, slot: DemoSlot): Promise<number> {
  const res = await request.post('/api/excursion/user/order', {
    headers: { ...auth(customerToken), 'idempotency-key': `e2e-${slot.eventId}-${Date.now()}-${Math.random()}` },
    data: {
      excursion_id: slot.excursionId,
      event_id: slot.eventId,
      participants: [{ code: slot.priceCode, count: 1 }],
      contact_name: 'Анна Смирнова',
      contact_phone: '+7 999 000-00-01',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** An on-request order of one person for an excursion of the demo partner, placed through the api. */
export async function orderForDemoPartner(request: APIRequestContext, customerToken: string): Promise<number> {
  return placeOrder(request, customerToken, await demoPartnerSlot(request, false));
}

/**
 * Declines, as the demo partner, every request still awaiting an answer: journeys run one at a time, and one that looks
 * for its request among the dashboard's five most urgent must not find the list filled by those of earlier journeys.
 */
export async function declinePendingRequests(request: APIRequestContext, partnerToken: string): Promise<void> {
  for (;;) {
    const res = await request.get('/api/excursion/partner/orders?status=awaiting_confirmation&per_page=50', { headers: auth(partnerToken) });
    expect(res.ok(), await res.text()).toBeTruthy();
    const pending = ((await res.json()) as { data: { data: Array<{ id: number }> } }).data.data;
    if (pending.length === 0) return;
    for (const { id } of pending) {
      const declined = await request.post(`/api/excursion/partner/order/${id}/decline`, { headers: auth(partnerToken), data: { reason: 'unavailable' } });
      expect(declined.ok(), await declined.text()).toBeTruthy();
    }
  }
}

/** Pays an order's prepayment in the test provider, through the api. */
export async function payOrder(request: APIRequestContext, customerToken: string, orderId: number): Promise<void> {
  const pay = await request.post(`/api/excursion/user/order/${orderId}/pay`, { headers: auth(customerToken) });
  expect(pay.ok(), await pay.text()).toBeTruthy();
  const paymentId = ((await pay.json()) as { data: { payment_id: string } }).data.payment_id;
  const confirmed = await request.post(`/api/payments/test/${paymentId}/confirm`, { form: {}, maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
}

/** Resolves once the page's realtime socket holds its private channel: what is sent after that arrives live. */
export function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('pusher_internal:subscription_succeeded')) resolve();
      }),
    );
  });
}


/** A page in a browser context of its own, signed in as this phone, once its realtime socket is subscribed. */
export async function signedIn(browser: Browser, phone: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const ready = realtimeReady(page);
  await signInAs(page, phone);
  await ready;
  return page;
}
