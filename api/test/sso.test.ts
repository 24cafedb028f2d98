import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bearer, CUSTOMER_PHONE } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { dataOf, freshPhone, useSsoApp } from './sso-support';

// Every transition of the sign-in state machine (spec §4), stepped through with the injected clock:
// push 30 s → call 60 s → SMS, each stage with a 180 s countdown.
for (const kind of databaseKinds()) {
  describe(`sso: sign-in transitions [${kind}]`, () => {
    const sso = useSsoApp(kind);

    const confirm = (id: number, answer: 'confirm' | 'decline' = 'confirm') =>
      sso.app.inject({ method: 'POST', url: `/api/dev/outbox/${id}/${answer}` });

    it('push confirmed → accessed with a token and the user', async () => {
      const response = await sso.post('/api/sso/auth/request', { phone: CUSTOMER_PHONE });
      const started = dataOf(response);
      assert.deepEqual(Object.keys(started).sort(), ['auth_req_id', 'expiry_seconds', 'result']);
      assert.equal(started.result, 'await_code_push');
      assert.equal(started.expiry_seconds, 180);
      assert.match(String(started.auth_req_id), /^[A-Za-z0-9_-]{22}$/);
      const authReqId = String(started.auth_req_id);

      const [push] = await sso.outbox(CUSTOMER_PHONE);
      assert.equal(push?.channel, 'push');
      assert.equal(push.status, 'sent');
      assert.equal(push.code, null);
      assert.equal(push.calling_number, null);
      const confirmUrl = `/api/dev/outbox/${push.id}/confirm`;
      const line = `[outbox] push to ${CUSTOMER_PHONE}: confirm with POST ${confirmUrl} (or /decline)`;
      assert.ok(sso.printed.includes(line), sso.printed.join('\n'));

      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'await_code_push', expiry_seconds: 180 });
      const confirmed = await confirm(push.id);
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(confirmed.json().data.status, 'confirmed');

      const accessed = dataOf(await sso.check(authReqId));
      assert.equal(accessed.result, 'accessed');
      assert.match(String(accessed.token), /^[A-Za-z0-9_-]{43}$/);
      const customer = await sso.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.phone, CUSTOMER_PHONE) });
      assert.deepEqual(accessed.user, {
        id: customer!.id,
        name: 'Анна Смирнова',
        phone: CUSTOMER_PHONE,
        user_type: 'client',
        avatar_path: customer!.avatarPath,
      });
      const profile = await sso.app.inject({
        method: 'GET',
        url: '/api/excursion/partner/profile',
        headers: bearer(String(accessed.token)),
      });
      assert.equal(profile.json().data.phone, CUSTOMER_PHONE);
      // The token is handed out once: the spent request is unknown afterwards.
      assert.equal((await sso.check(authReqId)).statusCode, 422);
    });

    it('push declined → cancelled; a new request meanwhile is pushed only', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      const [push] = await sso.outbox(phone);
      sso.advance(10);
      const declined = await confirm(push!.id, 'decline');
      assert.equal(declined.json().data.status, 'declined');
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'cancelled', expiry_seconds: 170 });
      const again = await sso.post('/api/sso/auth/request', { phone });
      assert.equal(again.statusCode, 200);
      sso.advance(60);
      assert.equal(dataOf(await sso.check(dataOf(again).auth_req_id as string)).result, 'await_code_push', 'no call');
      assert.equal((await confirm(push!.id)).statusCode, 422, 'an answered push cannot be answered again');
      sso.advance(170);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'cancelled');
      await sso.start(phone);
    });

    it('push timeout → incoming call: the last 4 digits of the calling number sign in', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      const [push] = await sso.outbox(phone);
      sso.advance(29);
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'await_code_push', expiry_seconds: 151 });
      sso.advance(1);
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'await_code_call', expiry_seconds: 180 });
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'await_code_call', expiry_seconds: 180 });

      const entries = await sso.outbox(phone);
      assert.deepEqual(entries.map((entry) => entry.channel), ['call', 'push'], 'one call, placed once');
      const call = entries[0]!;
      assert.match(call.calling_number ?? '', /^7495[0-9]{7}$/);
      assert.equal(call.code, call.calling_number);
      const code = call.calling_number!.slice(-4);
      assert.ok(sso.printed.includes(`[outbox] call to ${phone} from ${call.calling_number}: code ${code}`));

      const late = await confirm(push!.id);
      assert.equal(late.statusCode, 422);
      assert.equal(late.json().message, 'The sign-in request no longer awaits this push.');

      const verified = dataOf(await sso.verify(authReqId, code));
      assert.equal(verified.result, 'accessed');
      assert.match(String(verified.token), /^[A-Za-z0-9_-]{43}$/);
      assert.equal((verified.user as { phone: string }).phone, phone);
    });

    it('call timeout → SMS: a new code replaces the call digits', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      sso.advance(30);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_call');
      const callCode = await sso.codeFor(phone);
      sso.advance(60);
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'await_code_sms', expiry_seconds: 180 });
      const [sms] = await sso.outbox(phone);
      assert.equal(sms?.channel, 'sms');
      assert.match(sms.code ?? '', /^[0-9]{4}$/);
      assert.equal(sms.calling_number, null);
      assert.ok(sso.printed.includes(`[outbox] SMS to ${phone}: code ${sms.code}`));
      if (callCode !== sms.code) {
        const stale = await sso.verify(authReqId, callCode);
        assert.equal(stale.statusCode, 422);
        assert.equal(stale.json().errors.retry_count, 2);
      }
      const verified = dataOf(await sso.verify(authReqId, sms.code!));
      assert.equal(verified.result, 'accessed');
    });

    it('restarts the 180 s countdown at every stage switch', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      const at = async () => dataOf(await sso.check(authReqId));
      sso.advance(10);
      assert.deepEqual(await at(), { result: 'await_code_push', expiry_seconds: 170 });
      sso.advance(20);
      assert.deepEqual(await at(), { result: 'await_code_call', expiry_seconds: 180 });
      sso.advance(30);
      assert.deepEqual(await at(), { result: 'await_code_call', expiry_seconds: 150 });
      sso.advance(30);
      assert.deepEqual(await at(), { result: 'await_code_sms', expiry_seconds: 180 });
      sso.advance(100);
      assert.deepEqual(await at(), { result: 'await_code_sms', expiry_seconds: 80 });
    });

    it('evaluates the stages from the stored times: a late check goes straight to the SMS', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      sso.advance(95);
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'await_code_sms', expiry_seconds: 175 });
      assert.deepEqual((await sso.outbox(phone)).map((entry) => entry.channel), ['sms', 'push']);
    });

    it('an expired request is cancelled, its code is dead, and the phone may ask again', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      sso.advance(90);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_sms');
      const code = await sso.codeFor(phone);
      sso.advance(180);
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'cancelled', expiry_seconds: 0 });
      const late = await sso.verify(authReqId, code);
      assert.equal(late.statusCode, 422);
      assert.equal(late.json().errors.retry_count, 0);
      await sso.start(phone);
    });

    it('a confirmed push is collected within its countdown only', async () => {
      const phone = freshPhone();
      const authReqId = await sso.start(phone);
      const [push] = await sso.outbox(phone);
      assert.equal((await confirm(push!.id)).statusCode, 200);
      sso.advance(180);
      assert.deepEqual(dataOf(await sso.check(authReqId)), { result: 'cancelled', expiry_seconds: 0 });
    });

    it('takes the stage times from the configuration', async () => {
      const fast = await sso.variant({ SSO_PUSH_TIMEOUT_S: '5', SSO_CALL_TIMEOUT_S: '7', SSO_CODE_TTL_S: '20' });
      const phone = freshPhone();
      const authReqId = await sso.start(phone, fast);
      assert.deepEqual(dataOf(await sso.check(authReqId, fast)), { result: 'await_code_push', expiry_seconds: 20 });
      sso.advance(5);
      assert.deepEqual(dataOf(await sso.check(authReqId, fast)), { result: 'await_code_call', expiry_seconds: 20 });
      sso.advance(7);
      assert.deepEqual(dataOf(await sso.check(authReqId, fast)), { result: 'await_code_sms', expiry_seconds: 20 });
      sso.advance(20);
      assert.equal(dataOf(await sso.check(authReqId, fast)).result, 'cancelled');
    });
  });
}
