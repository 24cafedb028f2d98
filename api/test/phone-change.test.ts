// Issue 13: changing the phone — the new number is confirmed through the sign-in's channels before it replaces the old.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { accountForPhone } from '../src/features/sso/accounts';
import { bearer } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { dataOf, freshPhone, useSsoApp } from './sso-support';

const CHANGE = '/api/excursion/user/account/phone';

for (const kind of databaseKinds()) {
  describe(`changing the phone of an account [${kind}]`, () => {
    const sso = useSsoApp(kind);

    const account = async () => {
      const user = await accountForPhone(sso.ctx.db, freshPhone());
      return { user, token: await sso.ctx.tokenFor(user.phone) };
    };
    const change = (token: string, phone: string) =>
      sso.app.inject({ method: 'POST', url: CHANGE, headers: bearer(token), payload: { phone } });

    it('confirmed by the push on the new SIM: the account keeps its id and data and takes the number', async () => {
      const { user, token } = await account();
      const phone = freshPhone();
      const started = await change(token, phone);
      const authReqId = dataOf(started).auth_req_id as string;
      assert.equal(dataOf(started).result, 'await_code_push');
      const [push] = await sso.outbox(phone);
      assert.equal(push?.channel, 'push', 'the new number gets the push');
      assert.equal((await sso.app.inject({ method: 'POST', url: `/api/dev/outbox/${push!.id}/confirm` })).statusCode, 200);
      const done = dataOf(await sso.check(authReqId));
      assert.equal(done.result, 'accessed');
      assert.deepEqual([(done.user as { id: number }).id, (done.user as { phone: string }).phone], [user.id, phone]);
      const row = await sso.ctx.db.query.users.findFirst({ where: eq(users.id, user.id) });
      assert.equal(row!.phone, phone);
      // the old number is free: signing in with it makes a new, empty account
      const old = await accountForPhone(sso.ctx.db, user.phone);
      assert.notEqual(old.id, user.id);
    });

    it('confirmed by the code of the incoming call', async () => {
      const { user, token } = await account();
      const phone = freshPhone();
      const authReqId = dataOf(await change(token, phone)).auth_req_id as string;
      sso.advance(31);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_call');
      const verified = dataOf(await sso.verify(authReqId, await sso.codeFor(phone)));
      assert.equal(verified.result, 'accessed');
      assert.equal((await sso.ctx.db.query.users.findFirst({ where: eq(users.id, user.id) }))!.phone, phone);
    });

    it('refuses the current number, another account’s number, a bad number, and no token', async () => {
      const { user, token } = await account();
      const same = await change(token, user.phone);
      assert.equal(same.statusCode, 422);
      assert.deepEqual(same.json().errors, { phone: ['Это ваш текущий номер.'] });
      const other = await account();
      const taken = await change(token, other.user.phone);
      assert.equal(taken.statusCode, 409);
      assert.match(taken.json().message, /уже привязан к другому аккаунту/);
      assert.equal((await change(token, '123')).statusCode, 422);
      assert.equal((await sso.app.inject({ method: 'POST', url: CHANGE, payload: { phone: freshPhone() } })).statusCode, 401);
    });

    it('a phone change is never finished by the phone’s code alone (the separate flow without auth_id)', async () => {
      const { user, token } = await account();
      const phone = freshPhone();
      const authReqId = dataOf(await change(token, phone)).auth_req_id as string;
      sso.advance(31);
      assert.equal(dataOf(await sso.check(authReqId)).result, 'await_code_call'); // the call with the code goes out
      const code = await sso.codeFor(phone);
      const login = await sso.post('/api/sso/login', { phone, verify_code: code });
      assert.equal(login.statusCode, 422);
      assert.equal((await sso.ctx.db.query.users.findFirst({ where: eq(users.id, user.id) }))!.phone, user.phone);
    });
  });
}
