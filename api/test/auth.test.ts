import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { apiTokens, users } from '../src/db/schema';
import { hashToken } from '../src/features/auth/tokens';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp } from './helpers/app';

const PROFILE = '/api/excursion/partner/profile';

for (const kind of databaseKinds()) {
  describe(`auth [${kind}]`, () => {
    const ctx = useTestApp(kind);

    const profile = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: PROFILE, headers });

    it('answers 401 without a token, with a malformed one, or with an unknown one', async () => {
      for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
        const response = await profile(headers);
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.json(), { message: 'Unauthenticated.', errors: {} });
      }
    });

    it('returns the profile of the caller, client or partner', async () => {
      const customer = await profile(bearer(await ctx.tokenFor(CUSTOMER_PHONE)));
      assert.equal(customer.statusCode, 200);
      const body = customer.json();
      assert.equal(body.status, true);
      assert.equal(body.data.name, 'Анна Смирнова');
      assert.equal(body.data.phone, CUSTOMER_PHONE);
      assert.equal(body.data.user_type, 'client');
      assert.match(body.data.avatar_path, /^\/api\/media\/avatar\//);
      const partner = (await profile(bearer(await ctx.tokenFor(PARTNER_PHONE)))).json();
      assert.equal(partner.data.user_type, 'partner');
      assert.equal(partner.data.name, 'Михаил Орлов');
    });

    it('refuses an expired token', async () => {
      const token = randomBytes(32).toString('base64url');
      const user = await ctx.db.query.users.findFirst({ where: eq(users.phone, CUSTOMER_PHONE) });
      await ctx.db
        .insert(apiTokens)
        .values({ userId: user!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() - 1000) });
      assert.equal((await profile(bearer(token))).statusCode, 401);
    });

    it('signs out: the token is revoked and refused afterwards', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      assert.equal((await profile(bearer(token))).statusCode, 200);
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/sso/logout', headers: bearer(token) });
      assert.equal(logout.statusCode, 200);
      assert.deepEqual(logout.json(), { status: true });
      const row = await ctx.db.query.apiTokens.findFirst({ where: eq(apiTokens.tokenHash, hashToken(token)) });
      assert.ok(row?.revokedAt instanceof Date);
      assert.equal((await profile(bearer(token))).statusCode, 401);
      assert.equal((await ctx.app.inject({ method: 'POST', url: '/api/sso/logout', headers: bearer(token) })).statusCode, 401);
    });

    it('has no dev login outside development', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/dev/login-as', payload: { phone: CUSTOMER_PHONE } });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { message: 'Not Found.', errors: {} });
    });

    let devApp: App | undefined;
    const login = async (payload: unknown) => {
      devApp ??= (await ctx.variant({ APP_ENV: 'development' })).app;
      return devApp.inject({ method: 'POST', url: '/api/dev/login-as', payload: payload as object });
    };

    it('dev login (development only) issues a working token for an existing account', async () => {
      const response = await login({ phone: PARTNER_PHONE });
      assert.equal(response.statusCode, 200);
      const { status, data } = response.json();
      assert.equal(status, true);
      assert.match(data.token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(data.user.phone, PARTNER_PHONE);
      assert.equal(data.user.user_type, 'partner');
      const me = await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(data.token) });
      assert.equal(me.json().data.id, data.user.id);
      const stored = await ctx.db.query.apiTokens.findFirst({ where: eq(apiTokens.tokenHash, hashToken(data.token)) });
      assert.ok(stored, 'only the hash is stored');
    });

    it('dev login validates the phone', async () => {
      const bad = await login({ phone: '+7 (999) 000-00-01' });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json(), {
        message: 'The phone field format is invalid.',
        errors: { phone: ['The phone field format is invalid.'] },
      });
      const missing = await login({});
      assert.deepEqual(missing.json().errors, { phone: ['The phone field is required.'] });
      const unknown = await login({ phone: '70000000000' });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.json().errors, { phone: ['The selected phone is invalid.'] });
    });
  });
}

for (const kind of databaseKinds()) {
  describe(`signed-in cache: token and reads kept in memory until a write [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const FAVORITES = '/api/excursion/user/favorite';

    it('serves a repeated read from memory, per user, and sees every write through the api at once', async () => {
      const { app } = await ctx.variant({ SIGNED_IN_CACHE_TTL_MS: '60000' });
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

      const first = await get(PROFILE, customer);
      const again = await get(PROFILE, customer);
      assert.equal(again.headers['x-cache'], 'HIT');
      assert.equal(again.body, first.body);
      // another account never gets the customer's answer
      const other = await get(PROFILE, partner);
      assert.equal(other.json().data.phone, PARTNER_PHONE);
      assert.equal((await get(PROFILE, partner)).json().data.phone, PARTNER_PHONE);

      // a write by anyone (here: the customer adds a favourite) is seen by the next read
      const before = (await get(FAVORITES, customer)).json().data as { id: number }[];
      assert.equal((await get(FAVORITES, customer)).headers['x-cache'], 'HIT');
      const catalog = await app.inject({ method: 'GET', url: '/api/excursion/public/excursions?per_page=24' });
      const held = new Set(before.map((card) => card.id));
      const fresh = (catalog.json().data.data as { id: number }[]).find((card) => !held.has(card.id));
      assert.ok(fresh, 'an excursion the customer has not saved');
      const added = await app.inject({ method: 'POST', url: FAVORITES, headers: bearer(customer), payload: { excursion_id: fresh.id } });
      assert.equal(added.statusCode, 200, added.body);
      const after = (await get(FAVORITES, customer)).json().data as { id: number }[];
      assert.equal(after.length, before.length + 1);

      // a logout is seen at once: the cached token is dead
      assert.equal((await app.inject({ method: 'POST', url: '/api/sso/logout', headers: bearer(customer) })).statusCode, 200);
      assert.equal((await get(PROFILE, customer)).statusCode, 401);
      assert.equal((await get(FAVORITES, customer)).statusCode, 401);
    });

    it('lets concurrent misses of one read share a single answer, and never across accounts', async () => {
      const { app } = await ctx.variant({ SIGNED_IN_CACHE_TTL_MS: '60000' });
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const ORDERS = '/api/excursion/user/order';
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => app.inject({ method: 'GET', url: ORDERS, headers: bearer(i % 2 ? partner : customer) })),
      );
      const how = answers.map((a) => a.headers['x-cache'] ?? 'MISS');
      assert.ok(how.filter((h) => h === 'MISS').length <= 2, `misses: ${how.join(',')}`);
      for (const [i, answer] of answers.entries()) {
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.body, answers[i % 2]!.body, 'each account gets its own answer');
      }
      assert.notEqual(answers[0]!.body, answers[1]!.body);
    });

    it('is off in tests and with SIGNED_IN_CACHE_TTL_MS=0', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) });
      const again = await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) });
      assert.equal(again.headers['x-cache'], undefined);
    });
  });
}
