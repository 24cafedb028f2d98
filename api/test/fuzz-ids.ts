// Real path values for the fuzz guard (issue 24 item 10): ids of the caller's own rows (and real slugs of the public
// catalog), so a fuzzed request with a valid path gets past "not found" into the handler instead of stopping at 404.
import { sql, type SQL } from 'drizzle-orm';
import type { TestContext } from './helpers/app';

/** The path parameters of one operation and where their values come from; `{client}`, `{partner}`: the caller's id. */
interface Source {
  path: RegExp;
  values: Record<string, (me: Callers) => SQL>;
}

interface Callers {
  client: number;
  partner: number;
}

const clientOrders = (me: Callers) => sql`select id::text as v from orders where customer_id = ${me.client}`;
const partnerOrders = (me: Callers) => sql`select id::text as v from orders where partner_id = ${me.partner}`;
const partnerExcursions = (me: Callers) => sql`select id::text as v from excursions where partner_id = ${me.partner}`;
const published = () => sql`select id::text as v from excursions where status = 'published' order by id limit 20`;

const SOURCES: Source[] = [
  { path: /^\/api\/excursion\/user\/order\/\{id\}/, values: { id: clientOrders } },
  { path: /^\/api\/excursion\/user\/favorite\/\{id\}$/, values: { id: (me) => sql`select excursion_id::text as v from favorites where user_id = ${me.client}` } },
  {
    path: /^\/api\/excursion\/user\/ticket\/\{code\}/,
    values: { code: (me) => sql`select t.code as v from tickets t join orders o on o.id = t.order_id where o.customer_id = ${me.client}` },
  },
  { path: /^\/api\/excursion\/user\/reviews\/\{id\}$/, values: { id: (me) => sql`select id::text as v from reviews where user_id = ${me.client}` } },
  { path: /^\/api\/excursion\/notification\/\{id\}/, values: { id: (me) => sql`select id::text as v from notifications where user_id = ${me.client}` } },
  {
    path: /^\/api\/excursion\/chat\/\{order_id\}/,
    values: {
      order_id: clientOrders,
      message_id: (me) => sql`select m.id::text as v from chat_messages m join orders o on o.id = m.order_id where o.customer_id = ${me.client}`,
    },
  },
  { path: /^\/api\/excursion\/support\/tickets\/\{id\}/, values: { id: (me) => sql`select id::text as v from support_tickets where user_id = ${me.client}` } },
  {
    path: /^\/api\/payments\/test\/\{payment_id\}/,
    values: { payment_id: (me) => sql`select p.id::text as v from payments p join orders o on o.id = p.order_id where o.customer_id = ${me.client}` },
  },
  { path: /^\/api\/excursion\/partner\/orders?\/\{id\}/, values: { id: partnerOrders } },
  { path: /^\/api\/excursion\/partner\/excursions\/\{id\}/, values: { id: partnerExcursions } },
  {
    path: /^\/api\/excursion\/partner\/(events|calendar\/slots)\/\{id\}/,
    values: { id: (me) => sql`select e.id::text as v from events e join excursions x on x.id = e.excursion_id where x.partner_id = ${me.partner} order by e.id limit 20` },
  },
  {
    path: /^\/api\/excursion\/partner\/calendar\/schedules\/\{id\}$/,
    values: { id: (me) => sql`select r.id::text as v from schedule_rules r join excursions x on x.id = r.excursion_id where x.partner_id = ${me.partner}` },
  },
  {
    path: /^\/api\/excursion\/partner\/calendar\/closing\/\{id\}$/,
    values: { id: (me) => sql`select c.id::text as v from schedule_closures c join excursions x on x.id = c.excursion_id where x.partner_id = ${me.partner}` },
  },
  {
    path: /^\/api\/excursion\/partner\/reviews\/\{id\}/,
    values: { id: (me) => sql`select r.id::text as v from reviews r join excursions x on x.id = r.excursion_id where x.partner_id = ${me.partner}` },
  },
  // the back office (issue 27): staff read and act on every account's rows
  {
    path: /^\/api\/staff\/moderation\/\{kind\}\/\{id\}/,
    values: {
      kind: () => sql`select unnest(array['excursions', 'changes']) as v`,
      id: () => sql`(select id::text as v from excursions order by status = 'moderation' desc, id limit 10) union all (select id::text from excursion_change_requests)`,
    },
  },
  { path: /^\/api\/staff\/(moderation|support)\/templates\/\{id\}$/, values: { id: () => sql`select id::text as v from staff_templates union all select '1'` } },
  { path: /^\/api\/staff\/support\/tickets\/\{id\}/, values: { id: () => sql`select id::text as v from support_tickets` } },
  { path: /^\/api\/staff\/orders\/\{id\}/, values: { id: () => sql`select id::text as v from orders order by id limit 20` } },
  { path: /^\/api\/staff\/refunds\/\{id\}/, values: { id: () => sql`select id::text as v from order_refunds union all select '1'` } },
  { path: /^\/api\/staff\/accounts\/\{id\}/, values: { id: () => sql`select id::text as v from users order by id limit 20` } },
  { path: /^\/api\/staff\/reviews\/\{id\}/, values: { id: () => sql`select id::text as v from reviews order by id limit 20` } },
  {
    path: /^\/api\/staff\/content\/\{kind\}\/\{id\}/,
    values: {
      kind: () => sql`select unnest(array['blog', 'document']) as v`,
      id: () => sql`(select id::text as v from documents) union all (select id::text from blog_posts)`,
      version_id: () => sql`select id::text as v from content_versions union all select '1'`,
    },
  },
  { path: /^\/api\/staff\/search\/synonyms\/\{id\}$/, values: { id: () => sql`select id::text as v from search_synonym_groups order by id limit 5` } },
  // the release registry (issue 28): an app's releases by its folder name
  { path: /^\/api\/(staff\/)?releases\/\{app\}/, values: { app: () => sql`select unnest(array['mfe-catalog', 'shell']) as v` } },
  { path: /^\/api\/staff\/outbox\/\{id\}/, values: { id: () => sql`select id::text as v from outbox order by state = 'failed' desc, id limit 20` } },
  { path: /^\/api\/excursion\/public\/excursions\/\{id\}/, values: { id: published } },
  { path: /^\/api\/excursion\/public\/countries\/\{slug\}$/, values: { slug: () => sql`select slug as v from countries` } },
  { path: /^\/api\/excursion\/public\/regions\/\{slug\}$/, values: { slug: () => sql`select slug as v from regions` } },
  { path: /^\/api\/excursion\/public\/guides\/\{slug\}$/, values: { slug: () => sql`select slug as v from guides` } },
  { path: /^\/api\/excursion\/public\/blog\/\{slug\}$/, values: { slug: () => sql`select slug as v from blog_posts` } },
  { path: /^\/api\/excursion\/public\/documents\/\{slug\}$/, values: { slug: () => sql`select slug as v from documents` } },
];

export type RealPathValues = Map<string, Record<string, string[]>>;

/**
 * For each operation path with parameters: the real values of each parameter, read once before the fuzz (rows a
 * fuzzed request deletes on the way simply answer 404 later). Paths without a source are left to generated values.
 */
export async function realPathValues(ctx: TestContext, paths: string[], me: Callers): Promise<RealPathValues> {
  const out: RealPathValues = new Map();
  for (const path of paths) {
    const source = SOURCES.find((s) => s.path.test(path));
    if (!source) continue;
    const values: Record<string, string[]> = {};
    for (const [name, query] of Object.entries(source.values)) {
      if (!path.includes(`{${name}}`)) continue;
      const rows = ((await ctx.db.execute(query(me))) as unknown as { rows: { v: string }[] }).rows;
      if (rows.length) values[name] = rows.map((row) => row.v);
    }
    if (Object.keys(values).length) out.set(path, values);
  }
  return out;
}

/**
 * Rows of the partner the seed leaves out (a schedule, a closed day, a change request awaiting moderation), and a
 * failed outbox letter for the staff's retry, so the operations on them get real ids too. Written straight into the
 * tables, before the fuzz's first fingerprint.
 */
export async function addPartnerRows(ctx: TestContext, me: Callers): Promise<void> {
  const rows = ((await ctx.db.execute(
    sql`select id from excursions where partner_id = ${me.partner} and status = 'published' order by id limit 1`,
  )) as unknown as { rows: { id: number }[] }).rows;
  const excursion = rows[0]?.id;
  if (excursion === undefined) throw new Error('the demo partner has no published excursion');
  await ctx.db.execute(sql`insert into schedule_rules (excursion_id, weekdays, times, valid_from, valid_to, capacity)
    values (${excursion}, '[6]'::jsonb, '["12:00"]'::jsonb, current_date + 90, current_date + 120, 8)`);
  await ctx.db.execute(sql`insert into schedule_closures (excursion_id, date_from, date_to, reason)
    values (${excursion}, current_date + 100, current_date + 101, 'Отпуск')`);
  await ctx.db.execute(sql`insert into excursion_change_requests (excursion_id, partner_id, changes, comment)
    values (${excursion}, ${me.partner}, '{"title":{"from":"a","to":"b"}}'::jsonb, 'Новое название')`);
  await ctx.db.execute(sql`insert into outbox (kind, recipient, payload, state, attempts, last_error, next_attempt_at, created_at)
    values ('email', 'fuzz@example.ru', '{"to":"fuzz@example.ru","subject":"Проверка","lines":["x"]}'::jsonb, 'failed', 30, 'HTTP 503', now(), now())`);
}

/** The caller ids of the accounts the fuzz signs in as. */
export async function callerIds(ctx: TestContext, phones: { client: string; partner: string }): Promise<Callers> {
  const idOf = async (phone: string) => {
    const rows = ((await ctx.db.execute(sql`select id from users where phone = ${phone}`)) as unknown as { rows: { id: number }[] }).rows;
    if (!rows[0]) throw new Error(`no user with phone ${phone}`);
    return Number(rows[0].id);
  };
  return { client: await idOf(phones.client), partner: await idOf(phones.partner) };
}
