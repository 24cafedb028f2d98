// Issue 16 finding 2 and issue 24 item 14: a phone's code cannot be guessed (≤ 10 compared guesses a day, whatever
// the number of IPs), a stranger's guesses never lock the owner out, and a phone gets a capped number of pushes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { ssoAuthRequests, ssoCodeGuesses } from '../src/db/schema';
import { MAX_ATTEMPTS } from '../src/features/sso/service';
import { databaseKinds } from './helpers/database';
import { dataOf, freshPhone, useSsoApp } from './sso-support';

const BUDGET = 10;
const PUSHES_PER_HOUR = 6;

for (const kind of databaseKinds()) {
  describe(`sso: guessing and jamming [${kind}]`, () => {
    // the default per-IP limits (120 code attempts a minute per IP): the attacker spreads over many addresses
    const sso = useSsoApp(kind);

    /** Someone asks for a sign-in and waits for the incoming call: its auth_req_id and the call's code. */
    const atCall = async (phone: string) => {
      const authReqId = await sso.start(phone);
      sso.advance(30);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_call');
      return { authReqId, code: await sso.codeFor(phone) };
    };
    const wrongFor = (code: string) => (code === '0000' ? '0001' : '0000');
    const ip = (n: number) => `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    const login = (payload: object, from: number) =>
      sso.app.inject({ method: 'POST', url: '/api/sso/login', payload, remoteAddress: ip(from) });
    const pushesTo = async (phone: string) => (await sso.outbox(phone)).filter((item) => item.channel === 'push').length;

    it('wrong codes without an auth_id, from any number of addresses, are refused unseen: the owner signs in', async () => {
      const phone = freshPhone();
      const owner = await atCall(phone);
      const wrong = wrongFor(owner.code);
      // the jam: 10 wrong guesses from 10 addresses used to lock the phone's code entry for 24 h
      for (let i = 0; i < 3 * BUDGET; i++) {
        const guess = await login({ phone, verify_code: i === 7 ? owner.code : wrong }, i);
        assert.equal(guess.statusCode, 422, `guess ${i + 1}`);
        assert.deepEqual(guess.json().errors, { auth_id: ['The auth id field is required.'] });
      }
      assert.equal(await sso.ctx.db.$count(ssoCodeGuesses, eq(ssoCodeGuesses.phone, phone)), 0, 'nothing counted');
      const [row] = await sso.ctx.db.select().from(ssoAuthRequests).where(eq(ssoAuthRequests.phone, phone));
      assert.equal(row?.state, 'active');
      assert.equal(row?.attempts, 0);
      const session = dataOf(await sso.verify(owner.authReqId, owner.code));
      assert.equal(session.result, 'accessed');
      assert.equal((session.user as { phone: string }).phone, phone);
    });

    it(`guesses with auth_ids of the stranger's own requests: at most ${BUDGET} a day are compared, none succeeds; the push still signs the owner in`, async () => {
      const phone = freshPhone();
      let compared = 0;
      let locked;
      // The stranger starts sign-ins to the owner's phone and burns each one's attempts on wrong codes.
      for (let round = 0; round < 5 && !locked; round++) {
        const stranger = await atCall(phone);
        for (let i = 0; i < MAX_ATTEMPTS && !locked; i++) {
          const answer = await sso.verify(stranger.authReqId, wrongFor(stranger.code));
          if (answer.statusCode === 429) locked = answer;
          else {
            assert.equal(answer.statusCode, 422);
            compared += 1;
          }
        }
      }
      assert.equal(compared, BUDGET, 'only the budget is compared');
      assert.ok(locked, 'then code entry is locked');
      assert.ok(locked.json().errors.expiry_seconds > 23 * 3600);
      // the owner's push (it cannot be guessed) goes out at once and signs them in
      const owner = await sso.start(phone);
      const [push] = await sso.outbox(phone);
      assert.equal(push?.channel, 'push');
      const confirmed = await sso.app.inject({ method: 'POST', url: `/api/dev/outbox/${push!.id}/confirm` });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(dataOf(await sso.check(owner)).result, 'accessed');
      // a day later the budget is back
      sso.advance(24 * 3600 + 1);
      const next = await atCall(phone);
      assert.equal(dataOf(await sso.verify(next.authReqId, next.code)).result, 'accessed');
    });

    it(`a phone gets at most ${PUSHES_PER_HOUR} pushes an hour, from any number of addresses; the owner's request in progress goes on`, async () => {
      const phone = freshPhone();
      const owner = await atCall(phone);
      // the issue: 15 sign-in requests in seconds sent 15 pushes
      const answers = [];
      for (let i = 0; i < 15; i++) {
        answers.push(await sso.app.inject({ method: 'POST', url: '/api/sso/auth/request', payload: { phone }, remoteAddress: ip(i) }));
      }
      const statuses = answers.map((answer) => answer.statusCode);
      assert.deepEqual(statuses, [...Array(PUSHES_PER_HOUR - 1).fill(200), ...Array(16 - PUSHES_PER_HOUR).fill(429)]);
      assert.equal(await pushesTo(phone), PUSHES_PER_HOUR);
      const refused = answers.at(-1)!.json();
      assert.equal(refused.message, 'Слишком много запросов входа на этот номер. Повторите позже.');
      // the wait ends when the oldest push of the hour leaves it
      assert.ok(refused.errors.expiry_seconds > 3500 && refused.errors.expiry_seconds <= 3600 - 30, String(refused.errors.expiry_seconds));
      // the owner's request was neither cancelled nor stopped: its call's code signs them in
      assert.equal(dataOf(await sso.verify(owner.authReqId, owner.code)).result, 'accessed');
      // an hour after the first push the phone may be asked again
      sso.advance(3600 - 30 + 1);
      assert.equal((await sso.post('/api/sso/auth/request', { phone })).statusCode, 200);
      assert.equal(await pushesTo(phone), PUSHES_PER_HOUR + 1);
    });

    it('the push cap is configurable (SSO_PUSH_LIMIT_PHONE)', async () => {
      const app = await sso.variant({ SSO_PUSH_LIMIT_PHONE: '2' });
      const phone = freshPhone();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await sso.post('/api/sso/auth/send-phone-code', { phone }, app)).statusCode);
      assert.deepEqual(statuses, [200, 200, 429]);
    });

    it('attempts count against the request that was sent (auth_id): a stranger killing their own request blocks nobody', async () => {
      const phone = freshPhone();
      // the stranger starts a sign-in to the owner's phone and burns its attempts
      const stranger = await atCall(phone);
      for (let i = 0; i < MAX_ATTEMPTS; i++) assert.equal((await sso.verify(stranger.authReqId, wrongFor(stranger.code))).statusCode, 422);
      assert.equal(dataOf(await sso.check(stranger.authReqId)).result, 'cancelled');
      // the owner asks at once (no countdown to wait out) and signs in with the code
      const owner = await atCall(phone);
      assert.equal(dataOf(await sso.verify(owner.authReqId, owner.code)).result, 'accessed');
    });

    it('parallel guesses never exceed the phone budget', async () => {
      const app = await sso.variant({ SSO_CODE_GUESSES_PER_DAY: '2' });
      const phone = freshPhone();
      const request = await atCall(phone);
      const wrong = Array.from({ length: 30 }, (_, n) => String(9000 + n)).filter((code) => code !== request.code);
      const answers = await Promise.all(wrong.map((code) => sso.verify(request.authReqId, code, app)));
      assert.ok(answers.every((answer) => answer.statusCode === 422 || answer.statusCode === 429));
      const compared = await sso.ctx.db.$count(ssoCodeGuesses, eq(ssoCodeGuesses.phone, phone));
      assert.ok(compared >= 1 && compared <= 2, `${compared} compared`);
    });
  });
}
