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
        assert.deepEqual(response.json(), { message: 'Unauthenticated.' });
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
      assert.deepEqual(response.json(), { message: 'Not Found.' });
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
