// Issue 27, the back office: support (filters, assign to me, answers, internal notes the owner never sees, reply
// templates, time to first answer), the dashboard, and the audit log (append-only, filtered, CSV).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayKeyIn } from '@excursio/shared/time';
import { sql } from 'drizzle-orm';
import { auditLog, users } from '../src/db/schema';
import { bearer, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_A, useConversationFixtures } from './notifications-support';
import { auditOf, backofficeTokens, call } from './backoffice-support';

const T = '/api/staff/support/tickets';

for (const kind of databaseKinds()) {
  describe(`back office: support, dashboard, audit [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);

    it('an internal note is never seen by the customer, in the ticket, the list or any event; the answer is', async () => {
      const t = await backofficeTokens(ctx);
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const opened = await call(ctx, 'POST', '/api/excursion/support/tickets', customer, { subject: 'Не пришли билеты', text: 'Оплатил, а билетов нет.' });
      assert.equal(opened.status, 201, JSON.stringify(opened.body));
      const id = opened.body.data.id;
      const dashboard = (await call(ctx, 'GET', '/api/staff/dashboard', t.staff)).body.data;
      assert.ok(dashboard.queues.support.count >= 1 && dashboard.queues.support.oldest_age_s !== null);

      const queue = await call(ctx, 'GET', `${T}?status=open&kind=client&assignee=none`, t.staff);
      assert.ok(queue.body.data.data.some((x: { id: number }) => x.id === id));
      const mine = await call(ctx, 'POST', `${T}/${id}/assign`, t.staff);
      assert.equal(mine.body.data.assignee.name, 'Служба поддержки Excursio');
      assert.ok((await call(ctx, 'GET', `${T}?assignee=me`, t.staff)).body.data.data.some((x: { id: number }) => x.id === id));
      assert.ok(!(await call(ctx, 'GET', `${T}?assignee=me`, t.staff2)).body.data.data.some((x: { id: number }) => x.id === id));

      const before = published.length;
      const note = await call(ctx, 'POST', `${T}/${id}/notes`, t.staff, { text: 'ВНУТРЕННЕЕ: клиент уже писал в прошлом месяце' });
      assert.equal(note.status, 200, JSON.stringify(note.body));
      assert.equal(note.body.data.status, 'open', 'a note answers nothing');
      assert.equal(note.body.data.first_answer_s, null);
      assert.equal((await call(ctx, 'POST', `${T}/${id}/notes`, t.staff, { text: '  ' })).status, 422);
      const answered = await call(ctx, 'POST', `${T}/${id}/answer`, t.staff, { text: 'Билеты уже в заказе.' });
      assert.equal(answered.body.data.status, 'answered');
      assert.ok(answered.body.data.first_answer_s !== null);
      assert.deepEqual(answered.body.data.messages.map((m: { kind: string }) => m.kind), ['owner', 'note', 'staff']);
      assert.ok(!(await call(ctx, 'GET', T, t.staff)).body.data.data.some((x: { id: number }) => x.id === id), 'open ones by default');
      const all = (await call(ctx, 'GET', `${T}?status=all&q=${id}`, t.staff)).body.data.data;
      assert.deepEqual(all.map((x: { id: number }) => x.id), [id], 'status=all, by number');

      for (const url of [`/api/excursion/support/tickets/${id}`, '/api/excursion/support/tickets', '/api/excursion/notification']) {
        const seen = await ctx.app.inject({ method: 'GET', url, headers: bearer(customer) });
        assert.equal(seen.statusCode, 200);
        assert.ok(!seen.body.includes('ВНУТРЕННЕЕ'), `the note is not in ${url}`);
      }
      const ticket = (await call(ctx, 'GET', `/api/excursion/support/tickets/${id}`, customer)).body.data;
      assert.deepEqual(ticket.messages.map((m: { text: string }) => m.text), ['Оплатил, а билетов нет.', 'Билеты уже в заказе.']);
      assert.equal(ticket.messages_count, 2);
      assert.ok(!JSON.stringify(published.slice(before)).includes('ВНУТРЕННЕЕ'), 'no event carries the note');
      assert.deepEqual((await auditOf(ctx, 'ticket', id)).map((r) => r.action), ['ticket.assign', 'ticket.note', 'ticket.answer']);

      const templates = await call(ctx, 'POST', '/api/staff/support/templates', t.staff, { title: 'Билеты', text: 'Билеты — на странице заказа.' });
      assert.equal(templates.status, 201);
      assert.equal((await call(ctx, 'GET', '/api/staff/support/templates', t.staff)).body.data[0].title, 'Билеты');
      assert.equal((await call(ctx, 'GET', T, t.client)).status, 403);
    });

    it('the dashboard: today, queues, 30 days of series', async () => {
      const t = await backofficeTokens(ctx);
      const d = await call(ctx, 'GET', '/api/staff/dashboard', t.admin);
      assert.equal(d.status, 200, JSON.stringify(d.body));
      assert.equal(d.body.data.series.length, 30);
      assert.deepEqual(d.body.data.today, d.body.data.series.at(-1));
      assert.match(d.body.data.series[0].date, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(d.body.data.series.every((x: { orders: number; commission: number }) => Number.isInteger(x.orders) && Number.isInteger(x.commission)));
      assert.equal((await call(ctx, 'GET', '/api/staff/dashboard', t.partner)).status, 403);
    });

    it('the audit log is append-only: the database refuses UPDATE, DELETE and TRUNCATE; no api call changes it', async () => {
      const t = await backofficeTokens(ctx);
      await call(ctx, 'POST', '/api/staff/moderation/templates', t.staff, { title: 'Для журнала', text: 'Текст' });
      const [{ n }] = (await ctx.db.execute(sql`select count(*)::int as n from audit_log`) as unknown as { rows: [{ n: number }] }).rows;
      assert.ok(n > 0);
      const refused = (error: unknown) => /append-only/.test(String((error as { cause?: Error }).cause?.message ?? (error as Error).message));
      await assert.rejects(ctx.db.execute(sql`update audit_log set reason = 'подделка'`), refused);
      await assert.rejects(ctx.db.execute(sql`delete from audit_log`), refused);
      await assert.rejects(ctx.db.execute(sql`truncate audit_log`), refused);
      await assert.rejects(ctx.db.update(auditLog).set({ actorName: 'x' }), refused);
      const [{ m }] = (await ctx.db.execute(sql`select count(*)::int as m from audit_log`) as unknown as { rows: [{ m: number }] }).rows;
      assert.equal(m, n, 'nothing changed');
      // the api documents no way to change or remove an entry
      const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const auditPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/staff/audit'));
      assert.deepEqual(auditPaths.flatMap(([, methods]) => Object.keys(methods)).sort(), ['get', 'get']);
    });

    it('filters the log and exports it as CSV (formula-safe, Cyrillic intact)', async () => {
      const t = await backofficeTokens(ctx);
      await call(ctx, 'POST', '/api/staff/moderation/templates', t.staff2, { title: 'Шаблон', text: 'Текст' });
      const [victim] = await ctx.db.insert(users).values({ phone: '79990000444', name: 'Клиент для журнала', userType: 'client' }).returning({ id: users.id });
      assert.equal((await call(ctx, 'POST', `/api/staff/accounts/${victim!.id}/block`, t.admin, { reason: '=HYPERLINK("http://evil")' })).status, 200);
      const all = await call(ctx, 'GET', '/api/staff/audit?action=template.', t.staff);
      assert.equal(all.status, 200, JSON.stringify(all.body));
      assert.ok(all.body.data.data.length >= 1);
      assert.ok(all.body.data.data.every((e: { action: string }) => e.action.startsWith('template.')));
      assert.equal(all.body.data.data[0].action_label, 'Создал шаблон');
      const byActor = await call(ctx, 'GET', `/api/staff/audit?actor_id=${all.body.data.data[0].actor.id}`, t.staff);
      assert.ok(byActor.body.data.data.every((e: { actor: { id: number } }) => e.actor.id === all.body.data.data[0].actor.id));
      // the log's days are Moscow's (after 21:00 UTC the UTC date is yesterday there)
      const today = dayKeyIn(new Date(), 'Europe/Moscow');
      assert.ok((await call(ctx, 'GET', `/api/staff/audit?from=2000-01-01&to=${today}`, t.staff)).body.data.total >= 1);
      assert.equal((await call(ctx, 'GET', '/api/staff/audit?from=2000-01-01&to=2000-01-02', t.staff)).body.data.total, 0);
      assert.equal((await call(ctx, 'GET', '/api/staff/audit?from=yesterday', t.staff)).status, 422);
      const csv = await ctx.app.inject({ method: 'GET', url: '/api/staff/audit.csv?action=template.', headers: bearer(t.staff) });
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      assert.match(String(csv.headers['content-disposition']), /attachment; filename="audit-/);
      assert.ok(csv.body.startsWith('\uFEFF"id";"Когда";"Кто"'));
      assert.ok(csv.body.includes('"Создал шаблон"'));
      const all2 = await ctx.app.inject({ method: 'GET', url: '/api/staff/audit.csv', headers: bearer(t.admin) });
      assert.ok(all2.body.includes(`"'=HYPERLINK(""http://evil"")"`), 'a reason starting with = is neutralised');
      assert.ok(!/(^|;)"[=+@-]/m.test(all2.body), 'no cell starts with a formula');
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/staff/audit.csv', headers: bearer(t.client) })).statusCode, 403);
    });
  });
}
