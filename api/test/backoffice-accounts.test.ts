// Issue 27, the back office: accounts — lists and details, blocking (tokens dead at once, sign-in refused in Russian,
// a partner's excursions out of the catalog and back), requisites verified, roles (admin only), all audited.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_BLOCKED_MESSAGE } from '@excursio/shared/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiTokens, excursions, partnerProfiles, users } from '../src/db/schema';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { auditOf, backofficeTokens, call, idOfPhone } from './backoffice-support';

const A = '/api/staff/accounts';

for (const kind of databaseKinds()) {
  describe(`back office: accounts [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('lists customers, partners and staff; one account shows its orders, tickets and reviews', async () => {
      const t = await backofficeTokens(ctx);
      const partners = await call(ctx, 'GET', `${A}?type=partner`, t.staff);
      assert.equal(partners.status, 200, JSON.stringify(partners.body));
      assert.ok(partners.body.data.data.every((a: { role: string }) => a.role === 'partner'));
      const staff = (await call(ctx, 'GET', `${A}?type=staff`, t.staff)).body.data.data;
      assert.deepEqual(staff.map((a: { role: string }) => a.role).sort(), ['admin', 'staff', 'staff']);
      const byPhone = (await call(ctx, 'GET', `${A}?q=${CUSTOMER_PHONE.slice(-7)}`, t.staff)).body.data.data;
      assert.equal(byPhone[0].phone, CUSTOMER_PHONE);
      const customer = (await call(ctx, 'GET', `${A}/${byPhone[0].id}`, t.staff)).body.data;
      assert.ok(customer.orders.length > 0 && customer.tickets.length > 0);
      assert.equal(customer.requisites, null);
      const partner = (await call(ctx, 'GET', `${A}/${await idOfPhone(ctx, PARTNER_PHONE)}`, t.staff)).body.data;
      assert.ok(partner.requisites);
      assert.ok(partner.excursions.published > 0);
      assert.equal((await call(ctx, 'GET', `${A}/999999`, t.staff)).status, 404);
    });

    it('an admin blocks a partner: its token dies at once, sign-in is refused in Russian, its excursions leave the catalog; unblocking brings them back', async () => {
      const t = await backofficeTokens(ctx);
      const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
      const [live] = await ctx.db.select().from(excursions).where(and(eq(excursions.partnerId, partnerId), eq(excursions.status, 'published'))).limit(1);
      const list = async () => (await call(ctx, 'GET', `/api/excursion/public/excursions?per_page=48`)).body;
      const listed = JSON.stringify(await list());
      assert.ok(listed.includes(`"id":${live!.id},`), 'in the catalog before');
      assert.equal((await call(ctx, 'GET', '/api/excursion/partner/profile', t.partner)).status, 200);

      assert.equal((await call(ctx, 'POST', `${A}/${partnerId}/block`, t.staff, { reason: 'Мошенничество' })).status, 403, 'admin only');
      assert.equal((await call(ctx, 'POST', `${A}/${partnerId}/block`, t.admin, { reason: '  ' })).status, 422);
      // its open pages lose the live connection: the sockets its tokens authorised are closed
      const server = ctx.app.realtime;
      const closed: Array<string | number> = [];
      const revoke = server.revokeToken.bind(server);
      server.revokeToken = async (token) => {
        closed.push(token);
        return revoke(token);
      };
      const [tokenRow] = await ctx.db.select({ id: apiTokens.id }).from(apiTokens).where(and(eq(apiTokens.userId, partnerId), isNull(apiTokens.revokedAt))).orderBy(desc(apiTokens.id)).limit(1);
      const blocked = await call(ctx, 'POST', `${A}/${partnerId}/block`, t.admin, { reason: 'Мошенничество' });
      server.revokeToken = revoke;
      assert.ok(closed.includes(tokenRow!.id), 'the partner’s sockets are closed');
      assert.equal(blocked.status, 200, JSON.stringify(blocked.body));
      assert.equal(blocked.body.data.blocked.reason, 'Мошенничество');
      assert.equal(blocked.body.data.blocked.by.name, 'Ольга Администратор');
      assert.equal((await call(ctx, 'GET', '/api/excursion/partner/profile', t.partner)).status, 401, 'the token stops working at once');
      assert.equal((await call(ctx, 'POST', `${A}/${partnerId}/block`, t.admin, { reason: 'Ещё раз' })).status, 409);
      assert.ok(!JSON.stringify(await list()).includes(`"id":${live!.id},`), 'out of the catalog at once (the cache too)');

      const dev = await ctx.variant({ APP_ENV: 'development' });
      const signIn = await dev.app.inject({ method: 'POST', url: '/api/sso/auth/request', payload: { phone: PARTNER_PHONE } });
      assert.equal(signIn.statusCode, 422, signIn.body);
      assert.equal(signIn.json().message, ACCOUNT_BLOCKED_MESSAGE);
      assert.deepEqual(signIn.json().errors.phone, [ACCOUNT_BLOCKED_MESSAGE]);
      const loginAs = await dev.app.inject({ method: 'POST', url: '/api/dev/login-as', payload: { phone: PARTNER_PHONE } });
      assert.equal(loginAs.statusCode, 422, 'no token is issued to a blocked account');

      const unblocked = await call(ctx, 'POST', `${A}/${partnerId}/unblock`, t.admin, { reason: 'Разобрались' });
      assert.equal(unblocked.status, 200, JSON.stringify(unblocked.body));
      assert.equal(unblocked.body.data.blocked, null);
      assert.ok(JSON.stringify(await list()).includes(`"id":${live!.id},`), 'back in the catalog');
      const fresh = await ctx.tokenFor(PARTNER_PHONE);
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/excursion/partner/profile', headers: bearer(fresh) })).statusCode, 200);
      const rows = await auditOf(ctx, 'account', partnerId);
      assert.deepEqual(rows.map((r) => [r.action, r.reason]), [['account.block', 'Мошенничество'], ['account.unblock', 'Разобрались']]);
      assert.ok((rows[0]!.after as { excursions_hidden: number[] }).excursions_hidden.includes(live!.id));
    });

    it('staff verify a partner’s requisites once the INN checks out (a wrong INN or a customer: 422)', async () => {
      const t = await backofficeTokens(ctx);
      const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
      await ctx.db.insert(partnerProfiles).values({ userId: partnerId, legalType: 'company', legalName: 'ООО Ромашка', inn: '7707083894' }).onConflictDoUpdate({ target: partnerProfiles.userId, set: { legalType: 'company', legalName: 'ООО Ромашка', inn: '7707083891' } });
      const wrong = await call(ctx, 'POST', `${A}/${partnerId}/requisites/verify`, t.staff);
      assert.equal(wrong.status, 422, 'a wrong INN cannot be verified');
      await ctx.db.update(partnerProfiles).set({ inn: '7707083893' }).where(eq(partnerProfiles.userId, partnerId));
      const ok = await call(ctx, 'POST', `${A}/${partnerId}/requisites/verify`, t.staff);
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.data.requisites.verified.by.name, 'Служба поддержки Excursio');
      const customerId = await idOfPhone(ctx, CUSTOMER_PHONE);
      assert.equal((await call(ctx, 'POST', `${A}/${customerId}/requisites/verify`, t.staff)).status, 422);
      assert.deepEqual((await auditOf(ctx, 'account', partnerId)).filter((r) => r.action === 'account.verify_requisites').length, 1);
    });

    it('roles are an admin’s: staff get 403, nobody changes their own, a partner stays a partner', async () => {
      const t = await backofficeTokens(ctx);
      const customerId = await idOfPhone(ctx, CUSTOMER_PHONE);
      const staffId = await idOfPhone(ctx, STAFF_PHONE);
      const adminId = await idOfPhone(ctx, '79990000004');
      assert.equal((await call(ctx, 'PUT', `${A}/${customerId}/role`, t.staff, { role: 'staff' })).status, 403);
      assert.equal((await call(ctx, 'PUT', `${A}/${adminId}/role`, t.admin, { role: 'staff' })).status, 422, 'not one’s own');
      assert.equal((await call(ctx, 'PUT', `${A}/${await idOfPhone(ctx, PARTNER_PHONE)}/role`, t.admin, { role: 'staff' })).status, 422);
      assert.equal((await call(ctx, 'PUT', `${A}/${staffId}/role`, t.admin, { role: 'superuser' })).status, 422);
      const promoted = await call(ctx, 'PUT', `${A}/${staffId}/role`, t.admin, { role: 'admin' });
      assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
      assert.equal(promoted.body.data.role, 'admin');
      assert.equal((await call(ctx, 'GET', '/api/staff/me', t.staff)).body.data.role, 'admin', 'at once');
      await call(ctx, 'PUT', `${A}/${staffId}/role`, t.admin, { role: 'staff' });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, staffId));
      assert.equal(row!.staffRole, 'staff');
      assert.deepEqual((await auditOf(ctx, 'account', staffId)).map((r) => [r.before, r.after]), [[{ role: 'staff' }, { role: 'admin' }], [{ role: 'admin' }, { role: 'staff' }]]);
    });
  });
}
