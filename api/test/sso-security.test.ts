import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createRedis } from '../src/redis';
import { ssoAuthRequests, ssoCodeGuesses, users } from '../src/db/schema';
import { CUSTOMER_PHONE } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { dataOf, freshPhone, useSsoApp } from './sso-support';

const PHONE_INVALID = {
  message: 'The phone field format is invalid.',
  errors: { phone: ['The phone field format is invalid.'] },
};

for (const kind of databaseKinds()) {
  describe(`sso: codes, limits and validation [${kind}]`, () => {
    const sso = useSsoApp(kind);

    /** A sign-in of a fresh phone moved on to the incoming call; its code read from the outbox. */
    const atCall = async (phone = freshPhone()) => {
      const authReqId = await sso.start(phone);
      sso.advance(30);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_call');
      return { phone, authReqId, code: await sso.codeFor(phone) };
    };
    const otherThan = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

    it('counts wrong codes down to retry_count 0, then the request is dead', async () => {
      const { authReqId, code } = await atCall();
      const wrong = otherThan(code);
      for (const left of [2, 1, 0]) {
        const response = await sso.verify(authReqId, wrong);
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), {
          message: 'Неверный код',
          errors: { code: ['Неверный код'], retry_count: left },
        });
      }
      const dead = await sso.verify(authReqId, code);
      assert.equal(dead.statusCode, 422, 'the right code no longer helps');
      assert.equal(dead.json().errors.retry_count, 0);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'cancelled');
    });

    it('never counts more than 3 attempts per request, even in parallel', async () => {
      const { phone, authReqId, code } = await atCall();
      const wrong = otherThan(code);
      const answers = await Promise.all(Array.from({ length: 8 }, () => sso.verify(authReqId, wrong)));
      assert.ok(answers.every((response) => response.statusCode === 422));
      const counts = answers.map((response) => response.json().errors.retry_count as number).sort();
      assert.deepEqual(counts, [0, 0, 0, 0, 0, 0, 1, 2]);
      const [row] = await sso.ctx.db.select().from(ssoAuthRequests).where(eq(ssoAuthRequests.phone, phone));
      assert.equal(row?.attempts, 3);
      assert.equal(row?.state, 'cancelled');
      // only the 3 guesses that were compared count against the phone's daily budget
      assert.equal(await sso.ctx.db.$count(ssoCodeGuesses, eq(ssoCodeGuesses.phone, phone)), 3);
    });

    it('a code works once', async () => {
      const { authReqId, code } = await atCall();
      assert.equal(dataOf(await sso.verify(authReqId, code)).result, 'accessed');
      const again = await sso.verify(authReqId, code);
      assert.equal(again.statusCode, 422);
      assert.deepEqual(again.json(), {
        message: 'The selected auth req id is invalid.',
        errors: { auth_req_id: ['The selected auth req id is invalid.'] },
      });
    });

    it('a code is bound to its request', async () => {
      let first = await atCall();
      let second = await atCall();
      // Two random codes collide once in 10 000 draws: take another pair then.
      while (first.code === second.code) [first, second] = [second, await atCall()];
      const crossed = await sso.verify(second.authReqId, first.code);
      assert.equal(crossed.statusCode, 422);
      assert.equal(crossed.json().errors.retry_count, 2);
      assert.equal(dataOf(await sso.verify(first.authReqId, first.code)).result, 'accessed');
    });

    it('a code during the push counts as a wrong attempt', async () => {
      const authReqId = await sso.start(freshPhone());
      const response = await sso.verify(authReqId, '1234');
      assert.equal(response.statusCode, 422);
      assert.equal(response.json().errors.retry_count, 2);
    });

    it('stores neither the auth_req_id nor the code, only hashes', async () => {
      const { phone, authReqId, code } = await atCall();
      const [row] = await sso.ctx.db.select().from(ssoAuthRequests).where(eq(ssoAuthRequests.phone, phone));
      assert.match(row!.idHash, /^[0-9a-f]{64}$/);
      assert.match(row!.codeHash ?? '', /^[0-9a-f]{64}$/);
      assert.ok(!JSON.stringify(row).includes(authReqId));
      assert.ok(!Object.values(row!).some((value) => value === code));
    });

    it('answers unknown and malformed auth_req_ids alike', async () => {
      for (const id of ['A'.repeat(22), 'not-an-id', 'x']) {
        const response = await sso.check(id);
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json().errors, { auth_req_id: ['The selected auth req id is invalid.'] });
      }
      const missing = await sso.post('/api/sso/auth/check', {});
      assert.deepEqual(missing.json().errors, { auth_req_id: ['The auth req id field is required.'] });
      const badCode = await sso.verify('A'.repeat(22), '12a4');
      assert.deepEqual(badCode.json().errors, { code: ['The code field format is invalid.'] });
    });

    it('a new request while the countdown runs is pushed only: the first one keeps its call, the phone gets no second call', async () => {
      const phone = freshPhone();
      const first = await sso.start(phone);
      sso.advance(20);
      const second = await sso.post('/api/sso/auth/request', { phone });
      assert.equal(second.statusCode, 200);
      assert.deepEqual(dataOf(second).result, 'await_code_push');
      const secondId = dataOf(second).auth_req_id as string;
      sso.advance(10); // past the push timeout: the first request moves on to its call, the second stays a push
      assert.equal(dataOf(await sso.check(first)).result, 'await_code_call');
      assert.equal(dataOf(await sso.check(secondId)).result, 'await_code_push');
      sso.advance(200); // every countdown ran out: the push-only request ends without a call or an SMS
      assert.equal(dataOf(await sso.check(secondId)).result, 'cancelled');
      const channels = (await sso.outbox(phone)).map((item) => item.channel).sort();
      assert.deepEqual(channels, ['call', 'push', 'push'], 'one call: the first request’s');
      await sso.start(phone); // the phone is free again
    });

    it('limits the requests that send calls and SMS per phone per hour; later ones are pushed only', async () => {
      const app = await sso.variant({ SSO_SEND_LIMIT_PHONE: '2' });
      const phone = freshPhone();
      for (let i = 0; i < 2; i += 1) {
        await sso.start(phone, app);
        sso.advance(400); // each request runs out (push → call → SMS)
      }
      const third = await sso.start(phone, app);
      sso.advance(60);
      assert.equal(dataOf(await sso.check(third, app)).result, 'await_code_push', 'no call for the third request');
      sso.advance(3000);
      const fourth = await sso.start(phone, app); // the hour has passed: calls again
      sso.advance(60);
      assert.equal(dataOf(await sso.check(fourth, app)).result, 'await_code_call');
    });

    it('limits sign-in requests per IP', async () => {
      const app = await sso.variant({ SSO_SEND_LIMIT_IP: '3' });
      for (let i = 0; i < 3; i += 1) await sso.start(freshPhone(), app);
      for (const path of ['/api/sso/auth/request', '/api/sso/auth/send-phone-code']) {
        const response = await sso.post(path, { phone: freshPhone() }, app);
        assert.equal(response.statusCode, 429);
        assert.equal(response.json().message, 'Слишком много попыток. Повторите позже.');
        const wait = response.json().errors.expiry_seconds;
        assert.ok(wait > 3500 && wait <= 3600, String(wait));
      }
      const elsewhere = await app.inject({
        method: 'POST',
        url: '/api/sso/auth/request',
        payload: { phone: freshPhone() },
        remoteAddress: '203.0.113.9',
      });
      assert.equal(elsewhere.statusCode, 200, 'another address has its own count');
    });

    it('limits checks and code attempts per IP', async () => {
      const app = await sso.variant({ SSO_CHECK_LIMIT_IP: '5' });
      const authReqId = await sso.start(freshPhone(), app);
      for (let i = 0; i < 4; i += 1) assert.equal((await sso.check(authReqId, app)).statusCode, 200);
      assert.equal((await sso.verify(authReqId, '0000', app)).statusCode, 422);
      const paths = ['/api/sso/auth/check', '/api/sso/auth/verify', '/api/sso/auth/auth-check', '/api/sso/login'];
      for (const path of paths) {
        const response = await sso.post(path, { auth_req_id: authReqId, code: '0000' }, app);
        assert.equal(response.statusCode, 429, path);
        const wait = response.json().errors.expiry_seconds;
        assert.ok(wait >= 1 && wait <= 60, String(wait));
      }
    });

    const noRedis = !process.env.REDIS_URL && 'REDIS_URL is not set';
    it('shares the per-IP limits of several api processes through Redis', { skip: noRedis }, async () => {
      const config = loadConfig({ APP_ENV: 'test', SSO_CHECK_LIMIT_IP: '3' });
      const clients = [createRedis(process.env.REDIS_URL!), createRedis(process.env.REDIS_URL!)];
      const apps = await Promise.all(clients.map((redis) => buildApp({ config, db: sso.ctx.db, redis })));
      try {
        // A fresh address per run: the counters live for a minute in the shared Redis.
        const remoteAddress = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
        const payload = { auth_req_id: 'A'.repeat(22) };
        const check = (i: number) =>
          apps[i % 2]!.inject({ method: 'POST', url: '/api/sso/auth/check', remoteAddress, payload });
        for (let i = 0; i < 3; i += 1) assert.equal((await check(i)).statusCode, 422, `check ${i + 1}`);
        const limited = await check(3);
        assert.equal(limited.statusCode, 429);
        assert.ok(limited.json().errors.expiry_seconds > 0);
      } finally {
        for (const app of apps) await app.close();
        for (const redis of clients) await redis.quit();
      }
    });

    it('answers known and unknown phones alike and creates no account before a sign-in', async () => {
      const unknown = freshPhone();
      const accounts = await sso.ctx.db.$count(users);
      const known = await sso.post('/api/sso/auth/request', { phone: CUSTOMER_PHONE });
      const fresh = await sso.post('/api/sso/auth/request', { phone: unknown });
      for (const response of [known, fresh]) {
        assert.equal(response.statusCode, 200);
        assert.deepEqual(Object.keys(response.json().data).sort(), ['auth_req_id', 'expiry_seconds', 'result']);
      }
      const strip = (body: { data: Record<string, unknown> }) => ({ ...body.data, auth_req_id: undefined });
      assert.deepEqual(strip(known.json()), strip(fresh.json()));
      const checks = await Promise.all([known, fresh].map((r) => sso.check(r.json().data.auth_req_id)));
      assert.deepEqual(checks[0]!.json(), checks[1]!.json());
      assert.equal(await sso.ctx.db.$count(users), accounts);
    });

    it('validates the phone: 422 The phone field format is invalid.', async () => {
      for (const phone of ['', 'abc', '12', '7999-000-00-0x', '999123456', '1'.repeat(21), '+7 (999) 000 00 01 #']) {
        for (const path of ['/api/sso/auth/request', '/api/sso/auth/send-phone-code']) {
          const response = await sso.post(path, { phone });
          assert.equal(response.statusCode, 422, `${path} ${phone}`);
          assert.deepEqual(response.json(), PHONE_INVALID);
        }
      }
      // Fewer than 10 digits is never a phone (spec §5): `{"phone":123}` was a sign-in to "+1 23" (issue 16, finding 3).
      // A number is not a phone string at all (bodies are typed, issue 16 finding 4).
      for (const path of ['/api/sso/auth/request', '/api/sso/auth/send-phone-code', '/api/sso/login']) {
        const response = await sso.post(path, { phone: 79990000001, verify_code: '1234', auth_id: 'A'.repeat(22) });
        assert.equal(response.statusCode, 422, path);
        assert.deepEqual(response.json().errors, { phone: ['The phone field must be a string.'] });
      }
      for (const phone of ['123', '+1 23', '1234567', '123456789', '+44 20 7946 0']) {
        for (const path of ['/api/sso/auth/request', '/api/sso/auth/send-phone-code', '/api/sso/login']) {
          const response = await sso.post(path, { phone, verify_code: '1234', auth_id: 'A'.repeat(22) });
          assert.equal(response.statusCode, 422, `${path} ${phone}`);
          assert.deepEqual(response.json(), PHONE_INVALID);
        }
      }
      const login = await sso.post('/api/sso/login', { phone: 'abc', verify_code: '1234', auth_id: 'A'.repeat(22) });
      assert.deepEqual(login.json(), PHONE_INVALID);
      const missing = await sso.post('/api/sso/auth/request', {});
      assert.deepEqual(missing.json().errors, { phone: ['The phone field is required.'] });
    });

    it('takes ten digits as a Russian number and strips the decoration', async () => {
      const digits = freshPhone();
      const typed = `+${digits.slice(0, 1)} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
      const authReqId = await sso.start(typed);
      assert.equal((await sso.outbox(digits))[0]?.channel, 'push');
      const ten = await sso.post('/api/sso/auth/request', { phone: digits.slice(1) });
      assert.equal(ten.statusCode, 200);
      assert.equal((await sso.outbox(digits)).length, 2, 'the same phone: a second push');
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_push');
    });
  });
}
