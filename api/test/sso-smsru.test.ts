import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { outbox } from '../src/db/schema';
import { SmsRuChannel } from '../src/features/sso/smsru';
import { startFakeSmsRu, type FakeSmsRu } from './fakes/smsru';
import { databaseKinds } from './helpers/database';
import { dataOf, freshPhone, useSsoApp } from './sso-support';

const API_ID = 'A1B2C3D4-E5F6-0000-1111-222233334444';

const rowsOf = (h: ReturnType<typeof useSsoApp>, phone: string) =>
  h.ctx.db.select().from(outbox).where(and(eq(outbox.recipient, phone), sql`${outbox.kind} in ('call', 'sms')`)).orderBy(outbox.id);

for (const kind of databaseKinds()) {
  describe(`sign-in through SMS.ru (flash call, SMS) against a local server [${kind}]`, () => {
    let fake: FakeSmsRu;
    const env: Record<string, string> = { SSO_CHANNEL: 'smsru', SMSRU_API_ID: API_ID, SSO_CALL_TIMEOUT_S: '60' };
    before(async () => {
      fake = await startFakeSmsRu({ apiId: API_ID });
      env.SMSRU_API_URL = fake.url;
    });
    after(async () => fake.close());
    const h = useSsoApp(kind, env);

    it('without a push provider the sign-in starts at the call; its code is the last 4 digits SMS.ru named', async () => {
      fake.mode = 'ok';
      const phone = freshPhone();
      const started = await h.post('/api/sso/auth/request', { phone });
      assert.equal(dataOf(started).result, 'await_code_call');
      const id = started.json().data.auth_req_id as string;
      const call = fake.calls.find((c) => c.phone === phone);
      assert.ok(call, 'SMS.ru was asked to call');
      assert.ok(fake.requests.every((r) => r.apiIdIn === 'form'), 'the api_id never travels in a URL');
      const signedIn = dataOf(await h.verify(id, call.code));
      assert.ok(signedIn.token);
      const [row] = await rowsOf(h, phone);
      assert.equal(row!.state, 'sent');
      assert.equal(row!.result?.cost, 0.4);
      assert.equal(row!.payload.code, undefined, 'the code is erased once sent');
    });

    it('a failed call moves the sign-in to the SMS at once, not after the countdown', async () => {
      fake.mode = 'call-fails';
      const phone = freshPhone();
      const id = (await h.post('/api/sso/auth/request', { phone })).json().data.auth_req_id as string;
      assert.equal(dataOf(await h.check(id)).result, 'await_code_sms');
      const sms = fake.sms.find((m) => m.to === phone);
      assert.ok(sms, 'the SMS went out');
      const code = /код для входа (\d{4})/.exec(sms.msg)![1]!;
      assert.ok(dataOf(await h.verify(id, code)).token);
      const rows = await rowsOf(h, phone);
      assert.deepEqual(rows.map((r) => [r.kind, r.state]), [['call', 'failed'], ['sms', 'sent']]);
      assert.match(rows[0]!.lastError ?? '', /207/);
    });

    it('SMS.ru down: nothing lost — the SMS is retried and arrives once it is back', async () => {
      fake.mode = 'down';
      const phone = freshPhone();
      const id = (await h.post('/api/sso/auth/request', { phone })).json().data.auth_req_id as string;
      const pending = await rowsOf(h, phone);
      assert.deepEqual(pending.map((r) => [r.kind, r.state]), [['call', 'failed'], ['sms', 'pending']]);
      assert.ok(!(pending[1]!.lastError ?? '').includes(API_ID), 'no secret in the stored error');
      fake.mode = 'ok';
      const report = await h.app.lifecycle.outbox.deliverDue(new Date(Date.now() + 11_000));
      assert.equal(report.sent, 1);
      const sms = fake.sms.filter((m) => m.to === phone);
      assert.equal(sms.length, 1);
      assert.ok(dataOf(await h.verify(id, /(\d{4})/.exec(sms[0]!.msg)![1]!)).token);
    });

    it('an unanswered call is followed by an SMS after its countdown; a busy phone waits (no push-only without a push)', async () => {
      fake.mode = 'ok';
      const phone = freshPhone();
      const id = await h.start(phone);
      const again = await h.post('/api/sso/auth/request', { phone });
      assert.equal(again.statusCode, 429);
      assert.ok(again.json().errors.expiry_seconds > 0);
      assert.equal(fake.calls.filter((c) => c.phone === phone).length, 1);
      h.advance(61);
      assert.equal(dataOf(await h.check(id)).result, 'await_code_sms');
      assert.equal(fake.sms.filter((m) => m.to === phone).length, 1);
    });

    it('reads an SMS delivery state from /sms/status', async () => {
      const channel = new SmsRuChannel({ apiId: API_ID, apiUrl: fake.url, from: null }, 2000);
      const sent = await channel.sendSms({ requestId: 1, phone: '79160000999', code: '1234' });
      assert.equal(await channel.smsState(sent.providerId!), 'delivered');
      assert.equal(await channel.smsState('000000-00000000'), 'failed');
      await assert.rejects(new SmsRuChannel({ apiId: 'wrong', apiUrl: fake.url, from: null }, 2000).placeCall({ requestId: 1, phone: '79160000999', code: '0000' }), /301/);
    });
  });
}
