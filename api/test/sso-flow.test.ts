import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { apiTokens, users } from '../src/db/schema';
import { hashToken } from '../src/features/auth/tokens';
import { normalizePhone } from '../src/features/sso/phone';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { dataOf, freshPhone, useSsoApp } from './sso-support';

const PROFILE = '/api/excursion/partner/profile';

for (const kind of databaseKinds()) {
  describe(`sso: separate flow, accounts, tokens, dev outbox [${kind}]`, () => {
    const sso = useSsoApp(kind);

    /** The separate flow up to the call: auth_id and the call's code. */
    const sendCode = async (phone: string) => {
      const started = dataOf(await sso.post('/api/sso/auth/send-phone-code', { phone }));
      assert.deepEqual(Object.keys(started).sort(), ['auth_id', 'expiry_seconds', 'result']);
      assert.equal(started.result, 'await_code_push');
      const authId = String(started.auth_id);
      sso.advance(30);
      assert.deepEqual(dataOf(await sso.post('/api/sso/auth/auth-check', { auth_id: authId })), {
        result: 'await_code_call',
        expiry_seconds: 180,
      });
      return { authId, code: await sso.codeFor(phone) };
    };

    /** The modal flow through the call: token and user. */
    const signIn = async (phone: string) => {
      const authReqId = await sso.start(phone);
      sso.advance(30);
      await sso.check(authReqId);
      return dataOf(await sso.verify(authReqId, await sso.codeFor(phone))) as {
        token: string;
        user: { id: number; name: string; phone: string; user_type: string };
      };
    };

    it('separate flow: send-phone-code → auth-check → verify-code', async () => {
      const phone = freshPhone();
      const { authId, code } = await sendCode(phone);
      const wrongCode = code === '0000' ? '0001' : '0000';
      const wrong = await sso.post('/api/sso/auth/verify-code', { auth_id: authId, verify_code: wrongCode });
      assert.deepEqual(wrong.json(), {
        message: 'Неверный код',
        errors: { verify_code: ['Неверный код'], retry_count: 2 },
      });
      const verified = dataOf(await sso.post('/api/sso/auth/verify-code', { auth_id: authId, verify_code: code }));
      assert.equal(verified.result, 'accessed');
      const me = await sso.app.inject({ method: 'GET', url: PROFILE, headers: bearer(String(verified.token)) });
      assert.equal(me.json().data.phone, phone);
      const spent = await sso.post('/api/sso/auth/auth-check', { auth_id: authId });
      assert.deepEqual(spent.json().errors, { auth_id: ['The selected auth id is invalid.'] });
    });

    it('separate flow: login with the phone, its code and the auth_id of its request', async () => {
      const phone = freshPhone();
      const first = await sendCode(phone);
      const session = dataOf(await sso.post('/api/sso/login', { phone, verify_code: first.code, auth_id: first.authId }));
      assert.deepEqual(Object.keys(session).sort(), ['token', 'user']);
      assert.equal((session.user as { phone: string }).phone, phone);
      const reused = await sso.post('/api/sso/login', { phone, verify_code: first.code, auth_id: first.authId });
      assert.deepEqual(reused.json().errors, { auth_id: ['The selected auth id is invalid.'] });

      const other = freshPhone();
      const second = await sendCode(other);
      const foreign = await sso.post('/api/sso/login', { phone, verify_code: second.code, auth_id: second.authId });
      assert.deepEqual(foreign.json().errors, { auth_id: ['The selected auth id is invalid.'] });
      const login = { phone: other, verify_code: second.code, auth_id: second.authId };
      const withId = dataOf(await sso.post('/api/sso/login', login));
      assert.equal((withId.user as { phone: string }).phone, other);

      // a phone and a code alone are no sign-in (api/test/sso-guessing.test.ts: they cannot jam the owner either)
      const never = await sso.post('/api/sso/login', { phone: freshPhone(), verify_code: '1234' });
      assert.equal(never.statusCode, 422);
      assert.deepEqual(never.json().errors, { auth_id: ['The auth id field is required.'] });
    });

    it('a new phone becomes a client account on its first sign-in, and keeps it', async () => {
      const phone = freshPhone();
      const first = await signIn(phone);
      assert.equal(first.user.name, 'Путешественник');
      assert.equal(first.user.user_type, 'client');
      const stored = await sso.ctx.db.query.users.findFirst({ where: eq(users.phone, phone) });
      assert.equal(stored?.id, first.user.id);
      const second = await signIn(phone);
      assert.equal(second.user.id, first.user.id);
      assert.notEqual(second.token, first.token);
    });

    it('the seeded partner signs in as a partner', async () => {
      const { user } = await signIn(PARTNER_PHONE);
      assert.equal(user.user_type, 'partner');
      assert.equal(user.name, 'Михаил Орлов');
    });

    it('the token is stored hashed, works on the profile and is revoked by logout', async () => {
      const { token, user } = await signIn(CUSTOMER_PHONE);
      const stored = await sso.ctx.db.query.apiTokens.findFirst({ where: eq(apiTokens.tokenHash, hashToken(token)) });
      assert.equal(stored?.userId, user.id);
      assert.ok(stored.expiresAt.getTime() > Date.now() + 29 * 24 * 3600 * 1000);
      const me = await sso.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) });
      assert.equal(me.json().data.id, user.id);
      const logout = await sso.app.inject({ method: 'POST', url: '/api/sso/logout', headers: bearer(token) });
      assert.equal(logout.statusCode, 200);
      assert.equal((await sso.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) })).statusCode, 401);
    });

    it('dev outbox: newest first per phone, and pushes answered once', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      sso.advance(90);
      await sso.check(authReqId);
      const entries = await sso.outbox(phone);
      assert.deepEqual(entries.map((entry) => entry.channel), ['sms', 'push']);
      assert.ok(entries.every((entry) => entry.phone === phone));
      assert.ok(Date.parse(entries[0]!.created_at) > Date.parse(entries[1]!.created_at));
      const all = await sso.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      assert.ok(all.json().data.length >= 2);
      const tenDigits = await sso.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${phone.slice(1)}` });
      assert.deepEqual(tenDigits.json().data, entries);
      const bad = await sso.app.inject({ method: 'GET', url: '/api/dev/outbox?phone=abc' });
      assert.equal(bad.statusCode, 422);
      const notPush = await sso.app.inject({ method: 'POST', url: `/api/dev/outbox/${entries[0]!.id}/confirm` });
      assert.equal(notPush.statusCode, 422);
      assert.equal(notPush.json().message, 'Only a push can be confirmed or declined.');
      const unknown = await sso.app.inject({ method: 'POST', url: '/api/dev/outbox/999999/decline' });
      assert.equal(unknown.statusCode, 404);
    });

    it('serves the dev outbox only in development', async () => {
      // a production api with the dev channel does not start at all (config.test.ts); without it, no outbox either
      const production = await sso.variant({ APP_ENV: 'production' });
      for (const app of [sso.ctx.app, production]) {
        const list = await app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${CUSTOMER_PHONE}` });
        assert.equal(list.statusCode, 404);
        assert.deepEqual(list.json(), { message: 'Not Found.', errors: {} });
        assert.equal((await app.inject({ method: 'POST', url: '/api/dev/outbox/1/confirm' })).statusCode, 404);
        assert.equal((await app.inject({ method: 'POST', url: '/api/dev/outbox/1/decline' })).statusCode, 404);
      }
    });

    it('in production without a channel, refuses to start a sign-in (503)', async () => {
      const production = await sso.variant({ APP_ENV: 'production' });
      for (const path of ['/api/sso/auth/request', '/api/sso/auth/send-phone-code']) {
        const response = await sso.post(path, { phone: freshPhone() }, production);
        assert.equal(response.statusCode, 503);
        assert.deepEqual(response.json(), { message: 'Вход по телефону временно недоступен. Попробуйте позже.', errors: {} });
      }
    });
  });
}

describe('sso: configuration and phone numbers', () => {
  it('has defaults and reads the environment', () => {
    const { now: _now, ...defaults } = loadConfig({ APP_ENV: 'test' }).sso;
    assert.deepEqual(defaults, {
      channel: 'dev',
      pushTimeoutS: 30,
      callTimeoutS: 60,
      codeTtlS: 180,
      sendLimitPerIp: 30,
      sendLimitPerPhone: 10,
      pushLimitPerPhone: 6,
      checkLimitPerIp: 120,
      codeGuessesPerDay: 10,
    });
    assert.equal(loadConfig({}).sso.channel, null, 'production names its channel');
    assert.equal(loadConfig({ SSO_CHANNEL: 'dev' }).sso.channel, 'dev');
    const custom = loadConfig({ SSO_PUSH_TIMEOUT_S: '2', SSO_CALL_TIMEOUT_S: '3', SSO_CODE_TTL_S: '40' }).sso;
    assert.deepEqual([custom.pushTimeoutS, custom.callTimeoutS, custom.codeTtlS], [2, 3, 40]);
    assert.throws(() => loadConfig({ SSO_CHANNEL: 'sms-provider' }), /SSO_CHANNEL/);
    assert.throws(() => loadConfig({ SSO_PUSH_TIMEOUT_S: '0' }), /SSO_PUSH_TIMEOUT_S/);
    assert.throws(() => loadConfig({ SSO_CHECK_LIMIT_IP: 'many' }), /SSO_CHECK_LIMIT_IP/);
  });

  it('normalizes phones to international digits', () => {
    assert.equal(normalizePhone('79990000001'), '79990000001');
    assert.equal(normalizePhone('+7 (999) 000-00-01'), '79990000001');
    assert.equal(normalizePhone('9990000001'), '79990000001');
    assert.equal(normalizePhone('4915112345678'), '4915112345678');
    // The spec's minimum is 10 digits: '712' (+7 12) and '123' (+1 23) are not phones (issue 16, finding 3).
    for (const bad of ['', '1', '712', '123', '999123', '123456789', '7'.repeat(21), '7999abc0001', '79990000001;']) {
      assert.equal(normalizePhone(bad), null, bad);
    }
  });
});
