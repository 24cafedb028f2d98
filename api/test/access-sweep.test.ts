// Guard (issue 16): every authenticated operation of the OpenAPI document × every wrong credential — none, garbage,
// revoked, another account of the same type (with the path filled from the owner's own rows), the wrong account type
// — answers 401/403/404 (422 when the input is refused before anything is read), never another account's data and
// never a change to the owner's rows. Customer calls serve partners too (a partner may book as a traveller): there a
// partner's and a staff token are strangers to the customer's rows like another customer.
// A new route is swept without editing this file; a new route WITHOUT `security` fails until it is listed as public.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { ADMIN_PHONE, bearer, CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { accountTypeOf, fillPath, operationsOf, type Operation } from './helpers/openapi';

/** Public by design: the catalog (anything under this prefix) … */
const PUBLIC_PREFIXES = ['/api/excursion/public/'];
/** … and these operations, each for its reason. */
const PUBLIC_OPERATIONS: Record<string, string> = {
  'GET /api/health': 'liveness probe',
  'GET /api/live': 'liveness probe (the process answers): no data',
  'GET /api/ready': "readiness probe (database, Redis, draining): up or down, for the balancer",
  'GET /api/excursion/data/commission': 'the commission rate shown on the order form',
  'POST /api/monitoring/report': 'frontend error reports, also from signed-out visitors (rate limited)',
  'GET /api/releases/live': "every app's live build hash: what /remotes.json publishes anyway (the shell server polls it)",
  'GET /api/releases/preview': 'checks a preview link: the signed token is the credential (404 without a valid one)',
  'POST /api/releases/seen': "a page load's released builds, from signed-out visitors too (rate limited, like error reports)",
  'GET /api/media/{kind}/{key}/{file}': 'generated catalog photos',
  'GET /api/media/u/{hash}/{file}': 'uploaded photos, shown on public pages (the content hash is the name)',
  'POST /api/sso/auth/request': 'sign-in (modal)',
  'POST /api/sso/auth/check': 'sign-in (modal): the auth_req_id is the credential',
  'POST /api/sso/auth/verify': 'sign-in (modal): the auth_req_id and code are the credential',
  'POST /api/sso/auth/send-phone-code': 'sign-in (separate flow)',
  'POST /api/sso/auth/auth-check': 'sign-in (separate flow): the auth_id is the credential',
  'POST /api/sso/auth/verify-code': 'sign-in (separate flow): the auth_id and code are the credential',
  'POST /api/sso/login': 'sign-in (separate flow): the phone and its code are the credential',
  'GET /api/payments/test/{payment_id}': 'the test payment page: the random payment id is the capability',
  'POST /api/payments/test/{payment_id}/confirm': 'the test payment page: the random payment id is the capability',
  'POST /api/payments/test/{payment_id}/decline': 'the test payment page: the random payment id is the capability',
  'GET /api/mail/unsubscribe': 'a reminder\'s unsubscribe link: the HMAC token of the account is the credential (403 without it)',
  'POST /api/mail/unsubscribe': 'one-click unsubscribe of mail clients (RFC 8058): the same HMAC token',
  'POST /socket/broadcasting/auth': 'authenticates itself with the bearer token (checked below)',
  'POST /apps/{appId}/events': 'Pusher HTTP API: signed with the realtime app secret (checked below)',
  'POST /apps/{appId}/batch_events': 'Pusher HTTP API: signed with the realtime app secret (checked below)',
};
/** Routes that are not api operations, so not in the OpenAPI document: the document's own pages and the websocket. */
const UNDOCUMENTED_PREFIXES = ['/api/docs', '/app/'];
/** Public operations that still refuse a caller without the credential they authenticate with. */
const SELF_AUTHENTICATED = ['POST /socket/broadcasting/auth', 'POST /apps/{appId}/events', 'POST /apps/{appId}/batch_events'];

const DENIED = [401, 403, 404];
/** Operations that act on the calling account itself, whoever calls (no path of another account's rows). */
const ACTS_ON_CALLER = ['POST /api/sso/logout', 'DELETE /api/excursion/user/account'];
const key = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

for (const kind of databaseKinds()) {
  describe(`access sweep: every authenticated operation × every wrong credential [${kind}]`, () => {
    const ctx = useTestApp(kind);

    const rows = async <T,>(query: ReturnType<typeof sql>): Promise<T[]> =>
      ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

    /** A second account of a type: a stranger to the owner's rows. */
    const stranger = async (phone: string, userType: 'client' | 'partner') => {
      await ctx.db.insert(users).values({ phone, name: `Посторонний ${userType}`, userType }).onConflictDoNothing();
      return ctx.tokenFor(phone);
    };

    /**
     * The owner's ids for a path parameter, read generically: `{order_id}` / `/order/{id}` → the owner's orders,
     * `/notification/{id}` → its notifications, `{message_id}` → chat messages of its orders, `/ticket/{code}` →
     * ticket codes, `/favorite/{id}` → its favourite excursions; any other `/<thing>/{id}` → the first row of table
     * `<thing>s` (or `<thing>`) that belongs to the owner (user_id, customer_id, partner_id or author_id).
     */
    const ownerValue = async (ownerId: number, path: string, name: string): Promise<string> => {
      const segments = path.split('/');
      const at = segments.findIndex((segment) => segment === `{${name}}`);
      const before = (segments[at - 1] ?? '').replace(/-/g, '_');
      const first = async (query: ReturnType<typeof sql>) => {
        const [row] = await rows<{ v: string | number }>(query);
        return row ? String(row.v) : '1';
      };
      const ownedOrders = sql`(select id from orders where customer_id = ${ownerId} or partner_id = ${ownerId})`;
      if (name === 'order_id' || (name === 'id' && before === 'order')) {
        return first(sql`select id as v from orders where id in ${ownedOrders} order by id limit 1`);
      }
      if (name === 'message_id') return first(sql`select id as v from chat_messages where order_id in ${ownedOrders} order by id limit 1`);
      if (before === 'notification') return first(sql`select id as v from notifications where user_id = ${ownerId} order by id limit 1`);
      if (before === 'ticket' || name === 'code') {
        return first(sql`select code as v from tickets where order_id in ${ownedOrders} order by id limit 1`);
      }
      if (before === 'favorite') return first(sql`select excursion_id as v from favorites where user_id = ${ownerId} limit 1`);
      for (const table of [`${before}s`, before]) {
        const columns = await rows<{ column_name: string }>(
          sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
        );
        const names = new Set(columns.map((c) => c.column_name));
        const owner = ['user_id', 'customer_id', 'partner_id', 'author_id', 'owner_id'].find((c) => names.has(c));
        if (names.has('id') && owner) {
          return first(sql`select id as v from ${sql.identifier(table)} where ${sql.identifier(owner)} = ${ownerId} order by id limit 1`);
        }
      }
      return '1';
    };

    /** Strings only the owner may see: its name and phone, its orders' contacts and comments, its chat and notices. */
    const markersOf = async (ownerId: number): Promise<string[]> => {
      const ownedOrders = sql`(select id from orders where customer_id = ${ownerId} or partner_id = ${ownerId})`;
      const found = await rows<{ v: string | null }>(sql`
        select name as v from users where id = ${ownerId}
        union all select phone from users where id = ${ownerId}
        union all select contact_name from orders where id in ${ownedOrders}
        union all select contact_phone from orders where id in ${ownedOrders}
        union all select comment from orders where id in ${ownedOrders}
        union all select text from chat_messages where order_id in ${ownedOrders}
        union all select text from notifications where user_id = ${ownerId}
        union all select code from tickets where order_id in ${ownedOrders}`);
      return [...new Set(found.map((row) => row.v).filter((v): v is string => typeof v === 'string' && v.trim().length >= 6))];
    };

    /** The owner's rows (its orders, their tickets, payments and chat, its favourites and notifications) as one hash. */
    const ownerFingerprint = async (ownerId: number): Promise<string> => {
      const ownedOrders = sql`(select id from orders where customer_id = ${ownerId} or partner_id = ${ownerId})`;
      const [row] = await rows<{ h: string }>(sql`select md5(
        coalesce((select string_agg(t::text, '|' order by t.id) from orders t where t.id in ${ownedOrders}), '') ||
        coalesce((select string_agg(t::text, '|' order by t.id) from tickets t where t.order_id in ${ownedOrders}), '') ||
        coalesce((select string_agg(t::text, '|' order by t.id) from payments t where t.order_id in ${ownedOrders}), '') ||
        coalesce((select string_agg(t::text, '|' order by t.id) from chat_messages t where t.order_id in ${ownedOrders}), '') ||
        coalesce((select string_agg(t::text, '|' order by t.id) from notifications t where t.user_id = ${ownerId}), '') ||
        coalesce((select string_agg(t::text, '|' order by t.excursion_id) from favorites t where t.user_id = ${ownerId}), '')
      ) as h`);
      return row?.h ?? '';
    };

    it('documents every route it serves: a route hidden from the OpenAPI document would escape both guards', () => {
      const documented = new Set(operationsOf(ctx.app).map((op) => key(op)));
      const undocumented = ctx.app.registeredRoutes
        .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
        .map((route) => ({ ...route, path: route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}') }))
        .filter((route) => !documented.has(`${route.method} ${route.path}`))
        .filter((route) => !UNDOCUMENTED_PREFIXES.some((prefix) => route.path.startsWith(prefix)))
        .map((route) => `${route.method} ${route.path}`);
      assert.deepEqual(undocumented, [], 'a route missing from /api/docs: give it a schema (and `security`), or list it here');
    });

    it('lists every operation without `security` as deliberately public', () => {
      const unlisted = operationsOf(ctx.app)
        .filter((op) => !op.secured)
        .filter((op) => !PUBLIC_PREFIXES.some((prefix) => op.path.startsWith(prefix)))
        .map(key)
        .filter((name) => !(name in PUBLIC_OPERATIONS));
      assert.deepEqual(unlisted, [], 'a new public operation: add `security: bearerSecurity` and a guard, or list it here');
    });

    it('refuses every wrong credential on every authenticated operation, never showing another account', { timeout: 300_000 }, async () => {
      const operations = operationsOf(ctx.app);
      const secured = operations.filter((op) => op.secured);
      assert.ok(secured.length >= 20, `${secured.length} authenticated operations`);

      const customer = await ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.phone, CUSTOMER_PHONE) });
      const partner = await ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.phone, PARTNER_PHONE) });
      assert.ok(customer && partner);
      const [ownerOrders] = await rows<{ n: number }>(sql`select count(*)::int as n from orders where customer_id = ${customer.id}`);
      assert.ok((ownerOrders?.n ?? 0) > 0, 'the demo customer has orders to protect');

      const tokens = {
        client: await ctx.tokenFor(CUSTOMER_PHONE),
        partner: await ctx.tokenFor(PARTNER_PHONE),
        staff: await ctx.tokenFor(STAFF_PHONE),
        admin: await ctx.tokenFor(ADMIN_PHONE),
        otherClient: await stranger('79990000091', 'client'),
        otherPartner: await stranger('79990000092', 'partner'),
      };
      const revoked = await ctx.tokenFor(CUSTOMER_PHONE);
      assert.equal((await ctx.app.inject({ method: 'POST', url: '/api/sso/logout', headers: bearer(revoked) })).statusCode, 200);

      const markers = { client: await markersOf(customer.id), partner: await markersOf(partner.id) };
      assert.ok(markers.client.length > 3 && markers.partner.length > 1);

      const failures: string[] = [];
      let requests = 0;
      let staffOperations = 0;
      let adminOnly = 0;
      const send = async (op: Operation, url: string, headers: Record<string, string>) => {
        requests += 1;
        return ctx.app.inject({ method: op.method, url, headers, ...(op.body ? { payload: {} } : {}) });
      };

      for (const op of secured) {
        const type = accountTypeOf(op.path);
        // the owner of the rows in the path: the demo partner on partner calls, the demo customer otherwise
        const owner = type === 'partner' ? partner : customer;
        const values: Record<string, string> = {};
        for (const param of op.pathParams) values[param.name] = await ownerValue(owner.id, op.path, param.name);
        const url = fillPath(op.path, values);
        const label = `${key(op)} (${url})`;

        // no credential, a garbage one, a revoked one: 401 (403/404 tolerated), never data
        for (const [what, headers] of [
          ['no token', {}],
          ['garbage token', { authorization: 'Bearer not-a-token' }],
          ['a well-formed unknown token', bearer('A'.repeat(43))],
          ['revoked token', bearer(revoked)],
        ] as const) {
          const response = await send(op, url, { ...headers });
          if (!DENIED.includes(response.statusCode)) failures.push(`${what} → ${response.statusCode}: ${label}`);
        }

        // the wrong account type on partner and staff calls: 403/404 (customer calls serve every account as a
        // traveller — a partner books and keeps favourites too — so there the other types are checked below as
        // strangers to the owner's rows)
        const wrongTypes = type === 'partner' ? ['client', 'staff', 'admin'] : type === 'staff' ? ['client', 'partner'] : [];
        // the back office's admin-only calls (blocking, roles, waiting refunds) refuse a staff member who is not an admin
        if (type === 'staff' && op.tags.includes('admin-only')) wrongTypes.push('staff');
        for (const wrong of wrongTypes) {
          const response = await send(op, url, bearer(tokens[wrong as 'client' | 'partner' | 'staff' | 'admin']));
          if (![403, 404].includes(response.statusCode)) failures.push(`${wrong} token → ${response.statusCode}: ${label}`);
        }
        if (type === 'staff') staffOperations += 1;
        if (op.tags.includes('admin-only')) adminOnly += 1;

        // another account of the same type, on the owner's rows: refused, or (lists of its own) without the owner's data
        // (signing out revokes the token it is sent with, deleting the account deletes the caller's own: nothing of the
        // owner's to refuse there — account.test.ts covers both)
        if (ACTS_ON_CALLER.includes(key(op))) continue;
        const other = type === 'partner' ? tokens.otherPartner : tokens.otherClient;
        const ownerMarkers = type === 'partner' ? markers.partner : markers.client;
        const strangers: Array<[string, string]> = [[`another ${type} account`, other]];
        if (type === 'client') strangers.push(['a partner', tokens.otherPartner], ['staff', tokens.staff], ['an admin', tokens.admin]);
        for (const [who, token] of strangers) {
          const ownerBefore = await ownerFingerprint(owner.id);
          const response = await send(op, url, bearer(token));
          const refusedInput = response.statusCode === 422;
          if (response.statusCode < 300) {
            const leaked = ownerMarkers.filter((marker) => response.body.includes(marker));
            if (leaked.length) failures.push(`${who} sees ${JSON.stringify(leaked.slice(0, 3))}: ${label}`);
          } else if (!refusedInput && !DENIED.includes(response.statusCode)) {
            failures.push(`${who} → ${response.statusCode}: ${label}`);
          }
          if ((await ownerFingerprint(owner.id)) !== ownerBefore) {
            failures.push(`${who} changed the owner's rows → ${response.statusCode}: ${label}`);
          }
        }
      }

      // operations that authenticate themselves refuse a caller without their credential
      for (const name of SELF_AUTHENTICATED) {
        const op = operations.find((candidate) => key(candidate) === name);
        if (!op) continue;
        const url = fillPath(op.path, { appId: ctx.config.realtime.appId });
        const response = await send(op, url, { 'content-type': 'application/json' });
        if (![401, 403, 422].includes(response.statusCode)) failures.push(`no credential → ${response.statusCode}: ${name}`);
      }

      // the sweep's tokens were alive to the end (a 401 above was a refusal, not a dead token)
      for (const token of Object.values(tokens)) {
        const me = await ctx.app.inject({ method: 'GET', url: '/api/excursion/partner/profile', headers: bearer(token) });
        assert.equal(me.statusCode, 200);
      }
      console.log(`access sweep: ${secured.length} authenticated operations (${staffOperations} staff, ${adminOnly} admin-only), ${requests} requests`);
      assert.ok(staffOperations >= 40 && adminOnly >= 5, `the back office is swept: ${staffOperations} staff operations, ${adminOnly} admin-only`);
      assert.deepEqual(failures, []);
    });
  });
}
