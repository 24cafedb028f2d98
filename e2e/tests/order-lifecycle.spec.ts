import { expect, test, type APIRequestContext } from '../support/test';
import { CUSTOMER_PHONE, devToken, signInAs } from '../support/app';
import { orderForDemoPartner } from '../support/orders';

const PUBLIC = '/api/excursion/public';
const ORDER = '/api/excursion/user/order';

interface Card {
  id: number;
  instant_booking: boolean;
  price_type: string;
}
interface Slot {
  id: number;
  seats_left: number;
  price_units: Array<{ code: string }>;
}

/** An instant-booking excursion and a slot of it with room for 2. */
async function instantSlot(request: APIRequestContext): Promise<{ card: Card; slot: Slot }> {
  const list = (await (await request.get(`${PUBLIC}/excursions?format=group&per_page=48`)).json()) as { data: { data: Card[] } };
  for (const card of list.data.data.filter((c) => c.instant_booking && c.price_type === 'per_person')) {
    const slots = (await (await request.get(`${PUBLIC}/excursions/${card.id}/events`)).json()) as { data: Slot[] };
    const slot = slots.data.find((s) => s.seats_left >= 2);
    if (slot) return { card, slot };
  }
  throw new Error('no instant-booking slot in the seed');
}

async function seatsLeft(request: APIRequestContext, excursionId: number, slotId: number): Promise<number | undefined> {
  const slots = (await (await request.get(`${PUBLIC}/excursions/${excursionId}/events`)).json()) as { data: Slot[] };
  return slots.data.find((s) => s.id === slotId)?.seats_left;
}

test.describe('orders in time', () => {
  test.afterEach(async ({ request }) => {
    // the api's clock back to the wall clock for the other journeys
    await request.post('/api/dev/clock', { data: { reset: true } });
  });

  test('an unpaid order counts its hold down, then expires and its seats come back in the catalog', async ({ page, request }) => {
    const token = await devToken(request, CUSTOMER_PHONE);
    const { card, slot } = await instantSlot(request);
    const before = slot.seats_left;
    const created = await request.post(ORDER, {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-hold-${Date.now()}` },
      data: {
        excursion_id: card.id,
        event_id: slot.id,
        participants: [{ code: slot.price_units[0]!.code, count: 2 }],
        contact_name: 'Анна Смирнова',
        contact_phone: '+7 999 000-00-01',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = ((await created.json()) as { data: { id: number; payment_due_at: string } }).data;
    await expect.poll(() => seatsLeft(request, card.id, slot.id)).toBe(before - 2);

    await signInAs(page, CUSTOMER_PHONE);
    await page.goto(`/account/user/${order.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Ожидает оплаты' })).toBeVisible();
    await expect(page.getByText(/Места за вами ещё/)).toBeVisible();
    const clock = page.locator('.ua-deadline__clock');
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first ?? '', { timeout: 3000 });
    await expect(page.getByRole('button', { name: /Оплатить предоплату/ })).toBeVisible();

    // 16 minutes later (the api's development clock), the worker's sweep expires the hold
    const moved = await request.post('/api/dev/clock', { data: { advance_minutes: 16 } });
    expect(moved.ok()).toBeTruthy();
    await expect.poll(() => seatsLeft(request, card.id, slot.id)).toBe(before);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Истёк' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Оплатить предоплату/ })).toHaveCount(0);
  });

  test('a customer sees until when the guide answers a request', async ({ page, request }) => {
    // a request of its own: the seeded ones may have been answered by journeys that ran before on this stack
    const token = await devToken(request, CUSTOMER_PHONE);
    const waiting = await orderForDemoPartner(request, token);
    await signInAs(page, CUSTOMER_PHONE);
    await page.goto(`/account/user/${waiting}`);
    await expect(page.getByText(/Гид ответит до \d{1,2} [а-я]+/)).toBeVisible();
  });
});
