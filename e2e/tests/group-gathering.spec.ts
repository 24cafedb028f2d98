// Issue 32 §1, a group that gathers — two browsers (the customer's and the partner's), a phone's width, by keyboard:
// a slot with a minimum shows «Группа набирается: N из M» on the order form and the order; it gathers as others join
// and is confirmed at the decision time («Группа собралась»); another, below its minimum, is cancelled then — the
// prepayment refunded in full and the nearest slots offered, one tap to the order form.
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE } from '../support/app';
import { auth, payOrder, placeOrder, realtimeReady, signedIn, type DemoSlot } from '../support/orders';

test.use({ viewport: { width: 360, height: 740 } });

const CALENDAR = '/api/excursion/partner/calendar';

/** A new slot of the demo partner's instant excursion starting in `hours` (inside its decision time), with a minimum. */
async function gatheringSlot(request: APIRequestContext, partner: string, base: DemoSlot, hours: number, groupMin: number): Promise<DemoSlot> {
  const events = (await (await request.get(`/api/excursion/public/excursions/${base.excursionId}/events`)).json()) as { data: Array<{ time_zone: string }> };
  const zone = events.data[0]?.time_zone ?? 'Europe/Moscow';
  // a random minute, another one when an earlier run left a slot there
  let added: Awaited<ReturnType<APIRequestContext['post']>> | null = null;
  for (let attempt = 0; attempt < 5 && !added?.ok(); attempt += 1) {
    const at = new Date(Date.now() + hours * 3_600_000 + Math.floor(Math.random() * 50) * 60_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    added = await request.post(`${CALENDAR}/slots`, {
      headers: auth(partner),
      data: { excursion_id: base.excursionId, date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, capacity: 8, allow_overlap: true },
    });
  }
  expect(added!.ok(), await added!.text()).toBeTruthy();
  const slot = ((await added!.json()) as { data: Array<{ id: number; starts_at: string }> }).data[0]!;
  const patched = await request.patch(`${CALENDAR}/slots`, { headers: auth(partner), data: { ids: [slot.id], group_min: groupMin } });
  expect(patched.ok(), await patched.text()).toBeTruthy();
  return { ...base, eventId: slot.id, startsAt: slot.starts_at };
}

/** An instant group excursion of the demo partner (a group that gathers is never an individual one). */
async function demoGroupExcursion(request: APIRequestContext): Promise<DemoSlot> {
  const list = (await (await request.get('/api/excursion/public/excursions?format=group&per_page=48')).json()) as {
    data: { data: Array<{ id: number; slug: string; instant_booking: boolean; city: { slug: string }; region: { slug: string } }> };
  };
  for (const card of list.data.data.filter((c) => c.instant_booking)) {
    const detail = ((await (await request.get(`/api/excursion/public/excursion/${card.region.slug}/${card.city.slug}/${card.slug}`)).json()) as {
      data: { id: number; format: string; duration_minutes: number; guide: { name: string } | null; price_units: Array<{ code: string }> };
    }).data;
    if (detail.format !== 'group' || !detail.guide || !['Михаил Орлов', 'Ольга Орлова', 'Артём Белов'].includes(detail.guide.name) || !detail.price_units[0]) continue;
    return { excursionId: detail.id, eventId: 0, startsAt: '', durationMinutes: detail.duration_minutes, priceCode: detail.price_units[0].code };
  }
  throw new Error('no instant group excursion of the demo partner in the seed');
}

/** The api's development clock 7 hours on (a slot 30 h ahead is then inside its 24 h decision time) and a sweep at once. */
async function decisionTimeComes(request: APIRequestContext) {
  const moved = await request.post('/api/dev/clock', { data: { advance_minutes: 7 * 60 } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  const report = ((await moved.json()) as { data: { sweep: { groupsDecided: number } | null } }).data.sweep;
  expect(report?.groupsDecided, JSON.stringify(report)).toBeGreaterThan(0);
}

test.afterEach(async ({ request }) => {
  // the api's clock back to the wall clock for the other journeys
  await request.post('/api/dev/clock', { data: { reset: true } });
});

test('a group gathers to its minimum as others join and is confirmed at the decision time', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const partner = await signedIn(browser, PARTNER_PHONE);
  const customerToken = await devToken(customer.request, CUSTOMER_PHONE);
  const partnerToken = await devToken(partner.request, PARTNER_PHONE);
  const slot = await gatheringSlot(partner.request, partnerToken, await demoGroupExcursion(customer.request), 30, 3);

  // the order form says it plainly
  const detail = (await (await customer.request.get(`/api/excursion/user/order/${await placeOrder(customer.request, customerToken, slot)}`, { headers: auth(customerToken) })).json()) as {
    data: { id: number; excursion: { region_slug: string; city_slug: string; slug: string } };
  };
  const orderId = detail.data.id;
  const e = detail.data.excursion;
  await customer.goto(`/excursion/${e.region_slug}/${e.city_slug}/${e.slug}/order?event=${slot.eventId}`);
  await expect(customer.getByText('Группа набирается: 1 из 3 — экскурсия состоится, когда наберётся 3.')).toBeVisible();
  await expect(customer.getByRole('progressbar', { name: /Группа набирается: 1 из 3/ })).toHaveAttribute('value', '1');

  await payOrder(customer.request, customerToken, orderId);
  // what is pushed after the page's socket holds its channel arrives live
  const live = realtimeReady(customer);
  await customer.goto(`/account/user/${orderId}`);
  await live;
  await expect(customer.getByText('Группа набирается: 1 из 3 — экскурсия состоится, когда наберётся 3.')).toBeVisible();

  // the partner's calendar slot page marks it and offers to run it anyway
  await partner.goto(`/account/partner/${slot.eventId}`);
  const group = partner.getByRole('region', { name: 'Минимальная группа' });
  await expect(group.getByRole('progressbar')).toHaveAttribute('value', '1');
  await expect(group.getByRole('button', { name: 'Провести с этой группой' })).toBeVisible();

  // two more join: the booked customer's page follows without a reload
  await customer.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  // (paid: an unpaid hold would have expired long before the decision time)
  await payOrder(customer.request, customerToken, await placeOrder(customer.request, customerToken, slot));
  await payOrder(customer.request, customerToken, await placeOrder(customer.request, customerToken, slot));
  // pushed (no re-reading on a timer): at once
  await expect(customer.getByText('Группа собралась: 3 из 3 — экскурсия состоится.')).toBeVisible({ timeout: 2_000 });

  // the decision time comes (the slot is decided 24 h before its start): the worker confirms it
  await decisionTimeComes(customer.request);
  await expect(customer.getByText('Группа собралась: экскурсия состоится.')).toBeVisible({ timeout: 10_000 });
  expect(await customer.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await partner.reload();
  await expect(partner.getByRole('region', { name: 'Минимальная группа' }).getByText('Группа собралась: экскурсия состоится.')).toBeVisible();
});

/** Resolves once the page's socket holds its excursion's public channel (the catalog's, no sign-in). */
function slotsChannelReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const frame = String(payload);
        if (frame.includes('pusher_internal:subscription_succeeded') && frame.includes('excursion-slots.')) resolve();
      }),
    );
  });
}

const gatheringText = (booked: number, min: number) => `Группа набирается: ${booked} из ${min} — экскурсия состоится, когда наберётся ${min}.`;

test('another browser’s booking shows within a second on a visitor’s order form and the booked customer’s order page, with no reload', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  // the second browser books (the same account on another device: the demo has one customer)
  const other = await signedIn(browser, CUSTOMER_PHONE);
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  const customerToken = await devToken(customer.request, CUSTOMER_PHONE);
  const partnerToken = await devToken(customer.request, PARTNER_PHONE);
  const slot = await gatheringSlot(customer.request, partnerToken, await demoGroupExcursion(customer.request), 30, 3);
  const orderId = await placeOrder(customer.request, customerToken, slot);
  await payOrder(customer.request, customerToken, orderId);
  const e = ((await (await customer.request.get(`/api/excursion/user/order/${orderId}`, { headers: auth(customerToken) })).json()) as {
    data: { excursion: { region_slug: string; city_slug: string; slug: string } };
  }).data.excursion;
  const form = `/excursion/${e.region_slug}/${e.city_slug}/${e.slug}/order?event=${slot.eventId}`;

  // a visitor (not signed in) on the order form: its socket holds the excursion's public channel
  const watching = slotsChannelReady(visitor);
  await visitor.goto(form);
  await watching;
  await expect(visitor.getByText(gatheringText(1, 3))).toBeVisible();
  // the date picker marks the day whose group gathers, in words for a screen reader and by a shape on screen
  const day = visitor.getByRole('grid').getByRole('button', { name: /: есть места, группа набирается$/ }).first();
  await expect(day).toContainText('◐');
  await expect(visitor.getByText(/— группа набирается: экскурсия состоится, когда запишется минимум участников/)).toBeVisible();
  // the booked customer's order page: its socket holds the private channel
  const live = realtimeReady(customer);
  await customer.goto(`/account/user/${orderId}`);
  await live;
  await expect(customer.getByText(gatheringText(1, 3))).toBeVisible();
  for (const page of [visitor, customer]) await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // the other browser books one more seat through the order form, by keyboard
  await other.goto(form);
  await expect(other.getByText(gatheringText(1, 3))).toBeVisible();
  const placed = other.waitForResponse((r) => r.url().endsWith('/api/excursion/user/order') && r.request().method() === 'POST');
  await other.getByRole('button', { name: 'Перейти к оплате' }).focus();
  await other.keyboard.press('Enter');
  expect((await placed).status()).toBe(201);

  // within a second, without a reload, on both
  await expect(visitor.getByText(gatheringText(2, 3))).toBeVisible({ timeout: 1_000 });
  await expect(customer.getByText(gatheringText(2, 3))).toBeVisible({ timeout: 1_000 });
  await expect(visitor.getByRole('progressbar', { name: /Группа набирается: 2 из 3/ })).toHaveAttribute('value', '2');
  for (const page of [visitor, customer]) expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('a group below its minimum at the decision time is cancelled: refunded in full, the nearest slots offered', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const partner = await signedIn(browser, PARTNER_PHONE);
  const customerToken = await devToken(customer.request, CUSTOMER_PHONE);
  const partnerToken = await devToken(partner.request, PARTNER_PHONE);
  const slot = await gatheringSlot(partner.request, partnerToken, await demoGroupExcursion(customer.request), 30, 5);
  const orderId = await placeOrder(customer.request, customerToken, slot);
  await payOrder(customer.request, customerToken, orderId);

  await partner.goto('/account/partner/calendar');
  await expect(partner.getByRole('link', { name: /группа набирается: 1 из 5, нужно ещё 4/ }).first()).toBeVisible();

  const live = realtimeReady(customer);
  await customer.goto(`/account/user/${orderId}`);
  await live;
  await expect(customer.getByText('Группа набирается: 1 из 5 — экскурсия состоится, когда наберётся 5.')).toBeVisible();
  await decisionTimeComes(customer.request);

  await expect(customer.getByRole('heading', { level: 2, name: 'Отменён гидом' })).toBeVisible({ timeout: 10_000 });
  await expect(customer.getByText(/Группа не набралась: записалось 1 из 5/).first()).toBeVisible();
  const order = (await (await customer.request.get(`/api/excursion/user/order/${orderId}`, { headers: auth(customerToken) })).json()) as {
    data: { refund_amount: number; prepayment: number };
  };
  expect(order.data.refund_amount).toBe(order.data.prepayment);
  const nearest = customer.getByRole('navigation', { name: 'Ближайшие даты этой экскурсии' });
  const first = nearest.getByRole('link').first();
  const box = await first.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await first.focus();
  await customer.keyboard.press('Enter');
  await expect(customer).toHaveURL(/\/order\?event=\d+$/);
  await expect(customer.getByText(/^Выбрано: /)).toBeVisible();
});
