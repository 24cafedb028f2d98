// Issue 16, finding 2: a phone's code cannot be guessed (≤ 10 compared guesses a day, whatever the number of IPs)
// and a stranger who knows the phone cannot keep its owner from signing in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { ssoAuthRequests, ssoCodeGuesses } from '../src/db/schema';
import { MAX_ATTEMPTS } from '../src/features/sso/service';
import { databaseKinds } from './helpers/database';
import { dataOf, freshPhone, useSsoApp } from './sso-support';

const BUDGET = 10;

for (const kind of databaseKinds()) {
  describe(`sso: guessing and jamming [${kind}]`, () => {
    // the default per-IP limits (120 code attempts a minute per IP): the attacker spreads over many addresses
    const sso = useSsoApp(kind);

    /** The owner asks for a sign-in and waits for the incoming call: its auth_req_id and the call's code. */
    const ownerAtCall = async (phone: string) => {
      const authReqId = await sso.start(phone);
      sso.advance(30);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_call');
      return { authReqId, code: await sso.codeFor(phone) };
    };
    const ip = (n: number) => `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    const login = (payload: object, from: number) =>
      sso.app.inject({ method: 'POST', url: '/api/sso/login', payload, headers: { 'x-forwarded-for': ip(from) } });

    it(`10 000 guesses from 1 000 addresses: at most ${BUDGET} are compared, none succeeds; the owner keeps the push`, async () => {
      const phone = freshPhone();
      const owner = await ownerAtCall(phone);
      // every code but the right one, and the right one in the second batch (guess no. 60): without the budget it is
      // found at once. Guesses of one batch run in parallel (on PostgreSQL truly so), so the first batch, all wrong,
      // spends the budget whatever order its guesses are counted in.
      const BATCH = 50;
      const codes = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0')).filter((c) => c !== owner.code);
      codes.splice(BATCH + 9, 0, owner.code);
      const statuses = new Map<number, number>();
      for (let i = 0; i < codes.length; i += BATCH) {
        const answers = await Promise.all(
          codes.slice(i, i + BATCH).map((code, j) => login({ phone, verify_code: code }, (i + j) % 1000)),
        );
        for (const answer of answers) statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      }
      assert.equal(statuses.get(200), undefined, 'no guess signs in');
      assert.equal(statuses.get(422), BUDGET, 'only the budget is compared');
      assert.equal(statuses.get(429), 10_000 - BUDGET, 'the rest is refused unseen');
      assert.equal(await sso.ctx.db.$count(ssoCodeGuesses, eq(ssoCodeGuesses.phone, phone)), BUDGET);

      const locked = await login({ phone, verify_code: owner.code }, 1);
      assert.equal(locked.statusCode, 429);
      assert.deepEqual(Object.keys(locked.json().errors).sort(), ['expiry_seconds', 'verify_code']);
      assert.ok(locked.json().errors.expiry_seconds > 23 * 3600);

      // The owner's request was neither cancelled nor counted down by the stranger …
      const [row] = await sso.ctx.db.select().from(ssoAuthRequests).where(eq(ssoAuthRequests.phone, phone));
      assert.equal(row?.state, 'active');
      assert.equal(row?.attempts, 0);
      assert.equal(dataOf(await sso.check(owner.authReqId)).result, 'await_code_call');
      // … code entry is locked for the phone, and a new sign-in (a push on the SIM, which cannot be guessed) goes out
      // at once, though the old request's countdown still runs.
      assert.equal((await sso.verify(owner.authReqId, owner.code)).statusCode, 429);
      const again = await sso.start(phone);
      const [push] = await sso.outbox(phone);
      assert.equal(push?.channel, 'push');
      const confirmed = await sso.app.inject({ method: 'POST', url: `/api/dev/outbox/${push.id}/confirm` });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const session = dataOf(await sso.check(again));
      assert.equal(session.result, 'accessed');
      assert.equal((session.user as { phone: string }).phone, phone);

      // a day later the budget is back
      sso.advance(24 * 3600 + 1);
      const next = await ownerAtCall(phone);
      assert.equal(dataOf(await sso.verify(next.authReqId, next.code)).result, 'accessed');
    });

    it('a stranger starting sign-ins to a phone, again and again, never keeps its owner from signing in', async () => {
      const phone = freshPhone();
      // The stranger asks every 10 s for half an hour (from one address here; the per-IP limits only slow them more).
      for (let i = 0; i < 180; i++) {
        const started = await sso.post('/api/sso/auth/request', { phone });
        assert.equal(started.statusCode, 200, `request ${i + 1}`);
        sso.advance(10);
      }
      // The owner asks now: a push goes out at once, and confirming it on the SIM signs them in.
      const owner = await sso.start(phone);
      const [push] = await sso.outbox(phone);
      assert.equal(push?.channel, 'push');
      const confirmed = await sso.app.inject({ method: 'POST', url: `/api/dev/outbox/${push!.id}/confirm` });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(dataOf(await sso.check(owner)).result, 'accessed');
      // The phone got no more calls and SMS than its hourly limit allows (10 requests, a call and an SMS each at most).
      const codes = (await sso.outbox(phone)).filter((item) => item.channel !== 'push').length;
      assert.ok(codes <= 20, `${codes} calls and SMS`);
    });

    it('a phone and a wrong code without auth_id neither cancel the sign-in in progress nor block a new one', async () => {
      const phone = freshPhone();
      const owner = await ownerAtCall(phone);
      const wrong = owner.code === '0000' ? '0001' : '0000';
      for (let i = 0; i < 5; i++) {
        const response = await login({ phone, verify_code: wrong }, i);
        assert.equal(response.statusCode, 422);
        assert.equal(response.json().errors.retry_count, MAX_ATTEMPTS);
      }
      assert.equal(dataOf(await sso.check(owner.authReqId)).result, 'await_code_call');
      const [row] = await sso.ctx.db.select().from(ssoAuthRequests).where(eq(ssoAuthRequests.phone, phone));
      assert.equal(row?.attempts, 0, 'the owner still has every attempt of the request');
      // the owner's right code still works, and gives the budget back only for itself (wrong guesses stay counted)
      assert.equal(dataOf(await sso.verify(owner.authReqId, owner.code)).result, 'accessed');
      assert.equal(await sso.ctx.db.$count(ssoCodeGuesses, eq(ssoCodeGuesses.phone, phone)), 5);
      // and the next sign-in starts right away
      await sso.start(phone);
    });

    it('attempts count against the request that was sent (auth_id): a stranger killing their own request blocks nobody', async () => {
      const phone = freshPhone();
      // the stranger starts a sign-in to the owner's phone and burns its attempts
      const stranger = await ownerAtCall(phone);
      const wrong = stranger.code === '0000' ? '0001' : '0000';
      for (let i = 0; i < MAX_ATTEMPTS; i++) assert.equal((await sso.verify(stranger.authReqId, wrong)).statusCode, 422);
      assert.equal(dataOf(await sso.check(stranger.authReqId)).result, 'cancelled');
      // the owner asks at once (no countdown to wait out) and signs in with the code
      const owner = await ownerAtCall(phone);
      assert.equal(dataOf(await sso.verify(owner.authReqId, owner.code)).result, 'accessed');
    });

    it('parallel guesses never exceed the phone budget', async () => {
      const phone = freshPhone();
      await ownerAtCall(phone);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => login({ phone, verify_code: String(9000 + n) }, n)),
      );
      const compared = answers.filter((answer) => answer.statusCode !== 429).length;
      assert.ok(compared <= BUDGET, `${compared} compared`);
      assert.ok(await sso.ctx.db.$count(ssoCodeGuesses, eq(ssoCodeGuesses.phone, phone)) <= BUDGET);
    });
  });
}
