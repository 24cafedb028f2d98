// Guard (issue 16): every operation of the OpenAPI document, fed generated bad and edge-case input (fast-check, fixed
// seed, bounded count): never a 5xx, every 4xx is `{ message, errors }`, and a rejected request changes nothing in the
// database. A new route is fuzzed without editing this file. Path parameters are often real ids of the caller's own
// rows (fuzz-ids.ts), so the bad bodies and queries reach the handlers instead of stopping at a 404.
//
// Tables a rejected request may legitimately touch, left out of the comparison:
// - sso_auth_requests, sso_code_guesses: a wrong sign-in code is a 422 that counts an attempt / a guess (that is the
//   point of counting), and looking a sign-in request up moves it on to its next stage;
// Bodies are JSON and typed as sent: a body its schema refuses under strict typing (no coercion: `true` is not an
// integer, 5 is not a string) must never be accepted (2xx).
//
// - api_tokens.last_used_at: the guard refreshes it for a valid token before the route validates its input (the rest
//   of api_tokens is compared).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { accountTypeOf, fillPath, operationsOf, type JsonSchema, type Operation } from './helpers/openapi';
import { watchTableWrites } from './helpers/table-writes';
import { addPartnerRows, callerIds, realPathValues, type RealPathValues } from './fuzz-ids';

const SEED = 16;
/** Requests per operation: with ~60 operations, about 2 500 in all. */
const PER_OPERATION = 40;
const SKIPPED_TABLES = new Set(['sso_auth_requests', 'sso_code_guesses']);
/** Columns a rejected request may change (see above). */
const SKIPPED_COLUMNS: Record<string, string[]> = { api_tokens: ['last_used_at'] };

const EDGE_STRINGS = [
  '',
  ' ',
  '0',
  '1',
  '-1',
  '1.5',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  'true',
  'null',
  'a\u0000b',
  '\u0000',
  '\u001b[31m',
  '\u007f',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '%',
  'ё',
  '٣',
  '😀',
  'x'.repeat(300),
];
const EDGE_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, [], {}, [1], { a: 1 }, '1', ''];

const edgeString = fc.oneof(fc.constantFrom(...EDGE_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 12 }));
const edgeValue = fc.oneof(edgeString, fc.constantFrom(...EDGE_VALUES), fc.integer(), fc.double());

/** A value for `schema`: sometimes valid-looking, often of the wrong type or out of range. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return edgeValue;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)), edgeValue);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), edgeValue);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), edgeValue);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      // the schema's own edges and just past them, type-valid: what an unbounded column would choke on (int4)
      const edges = [schema.minimum, schema.maximum].filter((n): n is number => typeof n === 'number').flatMap((n) => [n - 1, n, n + 1]);
      return fc.oneof(fc.integer({ min: -3, max: 50 }), fc.integer(), fc.constantFrom(-1, 2 ** 31, ...edges), edgeValue);
    }
    case 'number':
      return fc.oneof(fc.double(), fc.integer(), edgeValue);
    case 'boolean':
      return fc.oneof(fc.boolean(), edgeValue);
    case 'string':
      return fc.oneof(edgeString, fc.constantFrom('79990000001', '+7 (999) 000-00-01', '1234', 'A'.repeat(22)), edgeValue);
    case 'array':
      return fc.oneof(fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 }), edgeValue);
    case 'object': {
      const properties = schema.properties ?? {};
      const entries = Object.entries(properties).map(([key, sub]) => [key, valueFor(sub, depth + 1)] as const);
      // one field alone too: a partial update (PUT …/excursions/{id}) with one type-valid field reaches the handler
      const single = entries.length ? fc.oneof(...entries.map(([key, value]) => fc.record({ [key]: value }))) : fc.constant({});
      return fc.oneof(
        { weight: 3, arbitrary: fc.record(Object.fromEntries(entries), { requiredKeys: [] }) },
        { weight: 2, arbitrary: single },
        { weight: 1, arbitrary: fc.dictionary(edgeString, edgeValue, { maxKeys: 3 }) },
        { weight: 1, arbitrary: edgeValue },
      );
    }
    default:
      return edgeValue;
  }
}

interface FuzzCase {
  pathValues: Record<string, string>;
  rawPath: boolean;
  query: Record<string, string | string[]>;
  /** JSON text, or undefined for no body. */
  body: string | undefined;
  contentType: string | undefined;
  credential: 'right' | 'none' | 'garbage';
}

function caseFor(op: Operation, real: RealPathValues): fc.Arbitrary<FuzzCase> {
  const own = real.get(op.path) ?? {};
  const pathValue = (name: string) => {
    const generated = fc.oneof(edgeString, fc.nat({ max: 60 }).map(String));
    const values = own[name];
    return values ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: generated }) : generated;
  };
  const pathValues = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p.name)])),
    { requiredKeys: op.pathParams.map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(
    Object.fromEntries([
      ...op.queryParams.map((p) => [p.name, fc.oneof(edgeString, fc.array(edgeString, { minLength: 2, maxLength: 3 }))]),
      ['unknown_param', edgeString],
    ]),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string | string[]>>;
  const json = op.body ? valueFor(op.body) : fc.oneof(fc.constant(undefined), edgeValue);
  // A JSON number JSON.stringify cannot write: `1e400` (Infinity) in place of every number of the body.
  const body = fc.tuple(json, fc.integer({ min: 0, max: 9 })).map(([value, dice]) => {
    if (value === undefined) return undefined;
    const text = JSON.stringify(value) ?? 'null';
    return dice === 0 ? text.replace(/(?<=[:[,])-?\d+(\.\d+)?(?=[,}\]])/g, '1e400') : text;
  });
  const contentType = fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', undefined);
  return fc.record({
    pathValues,
    rawPath: fc.boolean(),
    query,
    body,
    contentType,
    credential: op.secured ? fc.constantFrom('right', 'right', 'right', 'none', 'garbage') : fc.constant('none'),
  }) as fc.Arbitrary<FuzzCase>;
}

type SwaggerDoc = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { type?: string } }> }> }>>;
};

/** `METHOD /path status` of the responses documented as a plain string (an HTML page), not a JSON object. */
function documentedTextStatuses(doc: SwaggerDoc): Set<string> {
  const out = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Object.values(response.content ?? {}).some((c) => c.schema?.type === 'string')) out.add(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
  }
  return out;
}

function queryString(query: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(item)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

for (const kind of databaseKinds()) {
  describe(`fuzz: every operation of the OpenAPI document [${kind}]`, () => {
    const ctx = useTestApp(kind);

    /** Rows of a raw query, whichever driver answers it. */
    const rowsOf = async <T,>(query: Parameters<typeof ctx.db.execute>[0]): Promise<T[]> =>
      ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
    let statement: string | null = null;

    /** A fingerprint (row count and a sum of row hashes) of every table a rejected request must not change. */
    const fingerprint = async (): Promise<Record<string, string>> => {
      statement ??= await fingerprintQuery();
      const rows = await rowsOf<{ name: string; sum: string }>(sql.raw(statement));
      return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
    };
    const fingerprintQuery = async (): Promise<string> => {
      const tables = (
        await rowsOf<{ table_name: string }>(
          sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
        )
      ).map((row) => row.table_name);
      const columns = await rowsOf<{ table_name: string; column_name: string }>(
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
      );
      const parts = tables
        .filter((table) => !SKIPPED_TABLES.has(table))
        .map((table) => {
          const skipped = SKIPPED_COLUMNS[table];
          const row = skipped
            ? `(${columns
                .filter((c) => c.table_name === table && !skipped.includes(c.column_name))
                .map((c) => `t."${c.column_name}"`)
                .join(', ')})::text`
            : 't::text';
          return `select '${table}' as name, count(*)::text || ':' || coalesce(sum(hashtext(${row})::bigint), 0)::text as sum from "${table}" t`;
        });
      return parts.join(' union all ');
    };

    it(`no 5xx, every 4xx is { message, errors }, a rejected request changes nothing (seed ${SEED})`, { timeout: 600_000 }, async () => {
      const operations = operationsOf(ctx.app);
      assert.ok(operations.length > 40, `${operations.length} operations documented`);
      const textStatuses = documentedTextStatuses(ctx.app.swagger() as unknown as SwaggerDoc);
      const tokens: Record<string, string> = {};
      const signIn = async () => {
        tokens.client = await ctx.tokenFor(CUSTOMER_PHONE);
        tokens.partner = await ctx.tokenFor(PARTNER_PHONE);
        tokens.staff = await ctx.tokenFor(STAFF_PHONE);
      };
      await signIn();
      const me = await callerIds(ctx, { client: CUSTOMER_PHONE, partner: PARTNER_PHONE });
      await addPartnerRows(ctx, me);
      const real = await realPathValues(ctx, operations.map((op) => op.path), me);
      const withIds = operations.filter((op) => op.pathParams.length > 0);
      const missing = withIds.filter((op) => op.secured && !real.has(op.path)).map((op) => `${op.method} ${op.path}`);
      assert.deepEqual(missing, [], 'every signed-in operation with path parameters gets ids of the caller’s own rows');
      let reached = 0;

      const strict = new Ajv({ strict: false, validateFormats: false, coerceTypes: false, allErrors: false });
      const failures: string[] = [];
      let before = await fingerprint();
      // a fingerprint reads every table: it is taken again only after a request that wrote (2,500 full reads → a few)
      const writes = await watchTableWrites(ctx.db, SKIPPED_TABLES);
      let writesBefore = await writes.count();
      let requests = 0;
      const statuses = new Map<number, number>();
      for (const [index, op] of operations.entries()) {
        const cases = fc.sample(caseFor(op, real), { seed: SEED + index, numRuns: PER_OPERATION });
        const bodyValid = op.body ? strict.compile(op.body) : null;
        for (const c of cases) {
          const url = fillPath(op.path, c.pathValues, c.rawPath) + queryString(c.query);
          const type = accountTypeOf(op.path);
          const headers: Record<string, string> = {};
          if (c.credential === 'right') Object.assign(headers, bearer(tokens[type === 'any' ? 'client' : type]!));
          if (c.credential === 'garbage') headers.authorization = 'Bearer garbage\u0000';
          if (c.body !== undefined && c.contentType) headers['content-type'] = c.contentType;
          // distinct client addresses: the per-IP limits answer 429 (a fine answer) less often
          const remoteAddress = `198.18.${index % 250}.${(requests % 250) + 1}`;
          let response;
          try {
            response = await ctx.app.inject({ method: op.method, url, headers, remoteAddress, payload: c.body });
          } catch (error) {
            // inject itself refuses some URLs (a raw control character): nothing reached the api
            if (error instanceof TypeError) continue;
            throw error;
          }
          requests += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          // a path naming a real row, answered by the handler (2xx, or a rule of the handler: 409)
          if (op.pathParams.length && (response.statusCode < 300 || response.statusCode === 409)) reached += 1;
          const label = `${op.method} ${url.slice(0, 160)} ${c.body?.slice(0, 160) ?? ''} → ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`5xx: ${label} ${response.body.slice(0, 200)}`);
          if (bodyValid && c.body !== undefined && response.statusCode < 300 && !bodyValid(JSON.parse(c.body))) {
            failures.push(`accepted a body of the wrong type: ${label}`);
          }
          // a status the operation documents as a page (text, not `{ message, errors }`: the mail links' HTML pages)
          const documentedText = textStatuses.has(`${op.method} ${op.path} ${response.statusCode}`);
          if (response.statusCode >= 400 && response.statusCode < 500 && !documentedText) {
            let body: { message?: unknown; errors?: unknown } | null = null;
            try {
              body = response.json();
            } catch {
              body = null;
            }
            const shaped =
              body !== null &&
              typeof body.message === 'string' &&
              typeof body.errors === 'object' &&
              body.errors !== null &&
              !Array.isArray(body.errors);
            if (!shaped) failures.push(`shape: ${label} ${response.body.slice(0, 200)}`);
          }
          const writesAfter = await writes.count();
          if (writesAfter !== writesBefore) {
            const after = await fingerprint();
            if (response.statusCode >= 400) {
              const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
              if (changed.length) failures.push(`changed ${changed.join(', ')}: ${label}`);
            }
            before = after;
            writesBefore = writesAfter;
          }
          // a fuzzed logout revokes the token it was sent with
          if (op.path === '/api/sso/logout' && response.statusCode === 200) {
            await signIn();
            before = await fingerprint();
            writesBefore = await writes.count();
          }
        }
      }
      console.log(`fuzz: ${requests} requests on ${operations.length} operations, statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${reached} answered by handlers on real path ids`);
      assert.ok(reached > 150, `${reached} requests with real path ids answered by their handlers`);
      assert.ok(requests > 1500, `${requests} requests`);
      assert.ok((statuses.get(422) ?? 0) > 300, 'most input is refused by validation');
      assert.deepEqual(failures.slice(0, 20), [], `${failures.length} failures in ${requests} requests`);
    });

    // Search (issue 31): whatever is typed, the search calls answer results or an empty list (a control character:
    // the input guard's 422), never a 5xx — also text that is tsquery or SQL syntax, or 10,000 characters long.
    it(`search: any text gets results or an empty list, never a 5xx (seed ${SEED})`, { timeout: 300_000 }, async () => {
      const typed = [
        'x'.repeat(10_000),
        'я'.repeat(10_000),
        'казань '.repeat(1_400),
        '!!!',
        '.,;:—…«»"\'()[]{}',
        '&',
        'a & | !',
        "'a' <-> !b:* & (c | d)",
        'казань:* & !москва',
        '(((',
        '\\',
        "'; drop table excursions; --",
        "' or 1=1 --",
        '%_%',
        'Kазань Mосква',
        'rfpfym мск kazan',
        '٣٣٣ 😀 中文 ﷽',
        '\u200b\u200d',
        'e\u0301',
        '  ',
      ];
      const random = fc.sample(
        fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 })),
        { seed: SEED, numRuns: 120 },
      );
      const failures: string[] = [];
      let answered = 0;
      for (const q of [...typed, ...random]) {
        for (const path of ['/api/excursion/public/search', '/api/excursion/public/search/suggest', '/api/excursion/public/excursions']) {
          let response;
          try {
            response = await ctx.app.inject({ method: 'GET', url: `${path}?q=${encodeURIComponent(q)}` });
          } catch (error) {
            if (error instanceof TypeError) continue;
            throw error;
          }
          const label = `${path}?q=${JSON.stringify(q.slice(0, 60))} → ${response.statusCode}`;
          if (response.statusCode === 200) {
            const data = response.json().data;
            const list = path.endsWith('/suggest') ? data.excursions : path.endsWith('/search') ? data.excursions.data : data.data;
            if (!Array.isArray(list)) failures.push(`no list: ${label}`);
            answered += 1;
          } else if (response.statusCode === 422) {
            // only text the input guard refuses: control characters, or an empty text where one is required
            const body = response.json();
            if (!(typeof body.message === 'string' && body.errors?.q)) failures.push(`shape: ${label} ${response.body.slice(0, 200)}`);
            if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(q) && q !== '') failures.push(`refused: ${label} ${response.body.slice(0, 200)}`);
          } else {
            failures.push(`${label} ${response.body.slice(0, 200)}`);
          }
        }
      }
      assert.deepEqual(failures.slice(0, 20), [], `${failures.length} failures`);
      assert.ok(answered > 300, `${answered} answered`);
    });
  });
}
