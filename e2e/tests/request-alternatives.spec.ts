// Issue 32 §3, no dead end while a request waits — two browsers, a phone's width, by keyboard: the customer's waiting
// request offers instant excursions of the same city and day; «Забронировать вместо» books one and withdraws the
// request in one step (the partner's page shows it withdrawn live), nothing charged twice.
import { expect, test, type APIRequestContext } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE } from '../support/app';
import { auth, declinePendingRequests, placeOrder, realtimeReady, signedIn, type DemoSlot } from '../support/orders';

test.use({ viewport: { width: 360, height: 740 } });

const PUBLIC = '/api/excursion/public';
const DEMO_GUIDES = ['Михаил Орлов', 'Ольга Орлова', 'Артём Белов'];

interface Card { id: number; slug: string; title: string; instant_booking: boolean; rating: number; city: { slug: string }; region: { slug: string } }
interface Event { id: number; starts_at: string; time_zone: string; seats_left: number }

const json = async <T,>(request: APIRequestContext, url: string) => ((await (await request.get(url)).json()) as { data: T }).data;

/** A demo partner's on-request excursion, and in its city an instant one rated ≥ 4.5 with a slot a day or more ahead. */
async function requestAndInstant(request: APIRequestContext) {
  const cards = (await json<{ data: Card[] }>(request, `${PUBLIC}/excursions?per_page=48`)).data;
  for (const card of cards.filter((c) => !c.instant_booking)) {
    const detail = await json<{ id: number; duration_minutes: number; guide: { name: string } | null; price_units: Array<{ code: string }> }>(
      request,
      `${PUBLIC}/excursion/${card.region.slug}/${card.city.slug}/${card.slug}`,
    );
    if (!detail.guide || !DEMO_GUIDES.includes(detail.guide.name) || !detail.price_units[0]) continue;
    const rated = (await json<{ data: Card[] }>(request, `${PUBLIC}/excursions?city=${card.city.slug}&rating_min=4.5&per_page=48`)).data;
    for (const instant of rated.filter((c) => c.instant_booking && c.id !== card.id && c.rating >= 4.5)) {
      const events = await json<Event[]>(request, `${PUBLIC}/excursions/${instant.id}/events`);
      const slot = events.find((e) => e.seats_left >= 1 && Date.parse(e.starts_at) > Date.now() + 30 * 3_600_000);
      if (!slot) continue;
      const request_: DemoSlot = { excursionId: detail.id, eventId: 0, startsAt: '', durationMinutes: detail.duration_minutes, priceCode: detail.price_units[0].code };
      return { request: request_, instant, slot };
    }
  }
  throw new Error('no on-request excursion of the demo partner with an instant one rated ≥ 4.5 in its city');
}

/** A slot of the request's excursion on the instant slot's local day (a minute after it: the same day whatever the hour). */
async function slotOnTheSameDay(request: APIRequestContext, partner: string, base: DemoSlot, same: Event): Promise<DemoSlot> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: same.time_zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(same.starts_at))
      .map((p) => [p.type, p.value]),
  );
  const base_ = Number(parts.hour) * 60 + Number(parts.minute);
  // a minute after it on the same day (a later one when an earlier run left a slot there)
  let added: Awaited<ReturnType<APIRequestContext['post']>> | null = null;
  for (let step = 1; step <= 20 && !added?.ok(); step += 1) {
    const minute = Math.min(base_ + step, 23 * 60 + 59 - (20 - step));
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    added = await request.post('/api/excursion/partner/calendar/slots', {
      headers: auth(partner),
      data: { excursion_id: base.excursionId, date: `${parts.year}-${parts.month}-${parts.day}`, time, capacity: 8, allow_overlap: true },
    });
  }
  expect(added!.ok(), await added!.text()).toBeTruthy();
  const slot = ((await added!.json()) as { data: Array<{ id: number; starts_at: string }> }).data[0]!;
  return { ...base, eventId: slot.id, startsAt: slot.starts_at };
}

test('a waiting request is switched to an instant alternative in one step; the guide sees it withdrawn', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const partner = await signedIn(browser, PARTNER_PHONE);
  const customerToken = await devToken(customer.request, CUSTOMER_PHONE);
  const partnerToken = await devToken(partner.request, PARTNER_PHONE);
  await declinePendingRequests(partner.request, partnerToken);
  const found = await requestAndInstant(customer.request);
  const requestId = await placeOrder(customer.request, customerToken, await slotOnTheSameDay(partner.request, partnerToken, found.request, found.slot));

  const live = realtimeReady(partner);
  await partner.goto(`/account/partner/order/${requestId}`);
  await live;
  await expect(partner.getByRole('heading', { level: 2, name: 'Ждёт вашего ответа' })).toBeVisible();

  await customer.goto(`/account/user/${requestId}`);
  await expect(customer.getByRole('heading', { level: 2, name: 'Ожидает подтверждения гидом' })).toBeVisible();
  const offers = customer.getByRole('region', { name: 'Не хотите ждать? Можно сразу' });
  await expect(offers).toContainText('платить дважды не придётся');
  const book = offers.getByRole('button', { name: new RegExp(`^Забронировать вместо: ${found.instant.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  const box = await book.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await book.focus();
  await customer.keyboard.press('Enter');

  // the new order opens, ready to pay; the request is withdrawn, never charged
  await expect(customer).not.toHaveURL(new RegExp(`/account/user/${requestId}$`));
  await expect(customer.getByRole('heading', { level: 2, name: 'Ожидает оплаты' })).toBeVisible();
  await expect(customer.getByRole('link', { name: new RegExp(found.instant.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first()).toBeVisible();
  const res = await customer.request.get(`/api/excursion/user/order/${requestId}`, { headers: auth(customerToken) });
  const request = ((await res.json()) as { data: { status: string; payment: unknown; history: Array<{ reason: string | null }> } }).data;
  expect(request.status).toBe('cancelled_by_customer');
  expect(request.payment).toBeNull();
  expect(request.history.at(-1)!.reason).toMatch(/^Заменён на мгновенное бронирование/);
  await expect(partner.getByRole('heading', { level: 2, name: 'Отменён путешественником' })).toBeVisible({ timeout: 10_000 });
});
