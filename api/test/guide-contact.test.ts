// Issue 24 item 3: the partner's «Контакты для сервиса» never reach a traveller; a paid order shows the phone the
// partner gives travellers for the day (traveller_phone), and nothing when there is none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { ORDER } from './orders-support';
import { call } from './partner-misc-support';

const PROFILE = '/api/excursion/partner/profile/details';
const SERVICE = { phone: '74957654321', email: 'private.orlov@example.ru' };
const profileWith = (travellerPhone: string) => ({
  public_name: 'Орлов Тур',
  about: 'Гиды.',
  languages: ['ru'],
  contact_phone: `+${SERVICE.phone}`,
  contact_email: SERVICE.email,
  traveller_phone: travellerPhone,
  legal_type: 'individual',
  legal_name: '',
  inn: '',
});

for (const kind of databaseKinds()) {
  describe(`guide contact on the traveller's order [${kind}]`, () => {
    const ctx = useTestApp(kind);

    /** The demo customer's paid (confirmed) order as its page reads it: the parsed answer and its raw text. */
    const paidOrder = async (token: string) => {
      const list = await call(ctx, 'GET', `${ORDER}?per_page=48`, token);
      const confirmed = (list.body.data.data as { id: number; status: string }[]).find((o) => o.status === 'confirmed');
      assert.ok(confirmed, 'the demo customer has a confirmed order');
      const response = await ctx.app.inject({ method: 'GET', url: `${ORDER}/${confirmed.id}`, headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.statusCode, 200);
      return { order: response.json().data, text: response.body };
    };

    it('shows the phone for travellers, never the contacts for the service', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const saved = await call(ctx, 'PUT', PROFILE, partner, profileWith('+7 916 555-44-33'));
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.traveller_phone, '79165554433');
      assert.equal(saved.body.data.contact_phone, SERVICE.phone, 'the partner still reads their service contacts');

      const { order, text } = await paidOrder(await ctx.tokenFor(CUSTOMER_PHONE));
      assert.deepEqual(order.guide_contact, { phone: '79165554433' });
      for (const secret of [SERVICE.phone, SERVICE.email, PARTNER_PHONE]) assert.ok(!text.includes(secret), `${secret} leaked`);
    });

    it('shows no contact when the partner gives travellers none, still without the service contacts', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      assert.equal((await call(ctx, 'PUT', PROFILE, partner, profileWith(''))).status, 200);
      const { order, text } = await paidOrder(await ctx.tokenFor(CUSTOMER_PHONE));
      assert.equal(order.guide_contact, null);
      for (const secret of [SERVICE.phone, SERVICE.email, PARTNER_PHONE]) assert.ok(!text.includes(secret), `${secret} leaked`);
    });

    it('refuses a malformed phone for travellers with a Russian message', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const bad = await call(ctx, 'PUT', PROFILE, partner, profileWith('12'));
      assert.equal(bad.status, 422);
      assert.deepEqual(bad.body.errors, { traveller_phone: ['Телефон указан с ошибкой.'] });
    });
  });
}
