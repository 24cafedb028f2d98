// The api's environment: one TypeBox schema, every variable with its type, default, range and meaning. config.ts
// parses it (@excursio/shared/env) into the Config the code uses; docs/configuration.md and .env.example are
// generated from it (`npm run config:docs`, checked by scripts/checks/configDocs.test.mjs). A new variable is a new
// property here, its use in config.ts and a regenerated doc.
import Type, { type Static } from 'typebox';

const seconds = (description: string, value: number, max: number, min = 1) =>
  Type.Integer({ description, default: value, minimum: min, maximum: max });
const limit = (description: string, value: number, max: number) => Type.Integer({ description, default: value, minimum: 1, maximum: max });

export const ApiEnv = Type.Object({
  // the process
  APP_ENV: Type.Enum(['development', 'production', 'test'], {
    default: 'production',
    description:
      'development (npm start and npm run dev set it): the sign-in outbox, /api/dev/*, test payments; production refuses development defaults',
  }),
  PORT: Type.Integer({ default: 8080, minimum: 1, maximum: 65535, description: 'the port the api (and its realtime server) listens on' }),
  HOST: Type.String({ default: '127.0.0.1', description: 'the address the api listens on (0.0.0.0: every interface)' }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'level of the JSON request logs (warn silences the per-request lines)',
  }),
  TRUST_PROXY: Type.String({
    default: 'false',
    rangeText: 'false, true, a hop count, or addresses/CIDRs, comma-separated',
    description:
      "whose X-Forwarded-For names the client, the key of every per-IP limit: the proxies' own addresses (npm start sets 127.0.0.1, its shell server); true only when nothing but the proxy reaches the api; any other client is keyed by its own address, whatever it sends",
  }),
  FRONTEND_ORIGINS: Type.Optional(
    Type.String({
      defaultText: 'http://localhost:3000 … :3005 and the same on 127.0.0.1',
      rangeText: 'origins, comma-separated',
      description: 'the origins allowed by CORS and by the realtime upgrade: the shell and the remotes',
    }),
  ),
  MONITORING_WEBHOOK_URL: Type.Optional(
    Type.String({
      format: 'url',
      sensitive: true,
      defaultText: 'unset (reports are only logged)',
      description: "a chat-bot webhook receiving the frontends' error reports (422s); never sent to clients",
    }),
  ),
  RELEASE_CANARY_MIN_ERRORS: limit("a canary is judged once its browsers reported at least this many errors since it started (issue 28)", 5, 100_000),
  RELEASE_CANARY_MARGIN_PCT: Type.Number({
    default: 5,
    minimum: 0,
    maximum: 100,
    description: "percentage points by which a canary's error rate (errors per page load) may exceed its live release's before it rolls back by itself",
  }),
  RELEASE_TOKEN: Type.Optional(
    Type.String({
      sensitive: true,
      minLength: 32,
      defaultText: 'generated once into api/.data/release-token (mode 0600) outside production; unset in production: only admins (back office) change releases',
      description: 'the release command\'s credential (header X-Release-Token) for /api/releases/* (npm run release)',
    }),
  ),

  // the database and the shared store
  DATABASE_URL: Type.Optional(
    Type.String({
      format: 'url',
      sensitive: true,
      defaultText: 'unset: the embedded PGlite in PGLITE_DIR',
      description: 'a PostgreSQL server, e.g. postgres://user:password@db.internal:5432/excursio',
    }),
  ),
  PGLITE_DIR: Type.String({
    default: '.data/pglite',
    description: 'folder of the embedded database, relative to api/ (memory:// keeps it in memory only)',
  }),
  REDIS_URL: Type.Optional(
    Type.String({
      format: 'url',
      sensitive: true,
      defaultText: 'unset (in process)',
      description: 'the sign-in, chat and order rate limits and the realtime events shared by several api processes',
    }),
  ),

  // realtime (Pusher protocol)
  REALTIME_APP_ID: Type.String({ default: 'excursio', description: 'Pusher app id (also names the Redis channel of the events)' }),
  REALTIME_APP_KEY: Type.String({ default: 'excursio-key', description: 'Pusher app key (the shell server gives the same one to browsers)' }),
  REALTIME_APP_SECRET: Type.Optional(
    Type.String({
      sensitive: true,
      defaultText: 'generated once into api/.data/realtime-secret (mode 0600) outside production; required in production',
      description: 'signs channel subscriptions and the Pusher HTTP API; production refuses the example excursio-secret',
    }),
  ),
  REALTIME_SERVER_URL: Type.Optional(
    Type.String({
      format: 'url',
      sensitive: true,
      defaultText: 'unset: the built-in server',
      description:
        "publish to an external Pusher-protocol server's HTTP API instead (Soketi, Reverb, Pusher Channels), e.g. http://127.0.0.1:6001; browsers go there by the shell server's REALTIME_WS_HOST/PORT",
    }),
  ),
  REALTIME_MAX_CONNECTIONS_PER_IP: Type.Integer({
    default: 50,
    minimum: 0,
    maximum: 1_000_000,
    description: 'realtime sockets one client address (see TRUST_PROXY) may hold (0: no cap); past it the upgrade gets 429',
  }),

  // money
  SERVICE_COMMISSION: Type.Number({
    default: 15,
    minimum: 0,
    maximum: 100,
    description: 'share of the order total taken as the service commission (the prepayment), per cent',
  }),
  PAYMENT_PROVIDER: Type.Optional(
    Type.Enum(['test', 'yookassa'], {
      default: 'test',
      defaultByAppEnv: { production: null },
      description:
        'the prepayment provider: test is the built-in test mode (a page that confirms or declines; no money moves), yookassa is ЮKassa (needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY, and PUBLIC_URL in production); unset: paying answers 503',
    }),
  ),
  PAYMENT_TEST_MODE_IN_PRODUCTION: Type.Boolean({
    default: false,
    description: 'true lets a production api take payments with PAYMENT_PROVIDER=test (a staging copy)',
  }),
  YOOKASSA_SHOP_ID: Type.Optional(
    Type.String({
      defaultText: 'unset',
      description: 'ЮKassa shop id (HTTP Basic user of its API v3); with PAYMENT_PROVIDER=yookassa only, together with YOOKASSA_SECRET_KEY',
    }),
  ),
  YOOKASSA_SECRET_KEY: Type.Optional(
    Type.String({
      sensitive: true,
      defaultText: 'unset',
      description: "ЮKassa secret key (HTTP Basic password); never logged, scrubbed from the providers' error texts",
    }),
  ),
  YOOKASSA_API_URL: Type.String({
    format: 'url',
    default: 'https://api.yookassa.ru/v3',
    description: "ЮKassa's API v3, http(s) (tests point it at a local server speaking the same API)",
  }),
  YOOKASSA_VAT_CODE: Type.Integer({
    default: 1,
    minimum: 1,
    maximum: 12,
    description: "the 54-ФЗ receipt lines' VAT code (ЮKassa's vat_code table: 1 = без НДС)",
  }),
  PUBLIC_URL: Type.Optional(
    Type.String({
      format: 'url',
      defaultText: 'unset: relative links (required in production with ЮKassa or SMTP)',
      description: "the site's address, e.g. https://excursio.ru: where ЮKassa returns the customer, the links in e-mails",
    }),
  ),

  // e-mail (features/mail)
  SMTP_URL: Type.Optional(
    Type.String({
      format: 'url',
      sensitive: true,
      defaultText: 'unset: no e-mail is sent',
      description: 'the SMTP server, smtp:// or smtps://, e.g. smtps://user:password@smtp.example.ru:465; needs MAIL_FROM',
    }),
  ),
  MAIL_FROM: Type.Optional(
    Type.String({
      defaultText: 'unset',
      description: 'the sender of the e-mails, e.g. "Excursio <noreply@excursio.ru>"; needs SMTP_URL',
    }),
  ),

  // the outbox of messages and refunds (features/outbox)
  OUTBOX_BACKOFF_S: Type.Number({
    default: 10,
    minimum: 0.01,
    maximum: 3600,
    description: 'seconds before the first retry of a failed delivery (a message, a refund); doubled at each further attempt',
  }),
  OUTBOX_BACKOFF_MAX_S: Type.Number({
    default: 3600,
    minimum: 0.01,
    maximum: 86400,
    description: 'the longest wait between two attempts of one delivery, seconds',
  }),
  OUTBOX_MAX_ATTEMPTS: limit('attempts of one delivery before it fails for staff to look at (/api/staff/outbox)', 30, 1000),
  OUTBOX_LEASE_S: seconds("seconds a worker's claim on a delivery lasts: a crashed worker's rows are taken again after it", 120, 3600),
  OUTBOX_TIMEOUT_MS: Type.Integer({
    default: 15_000,
    minimum: 100,
    maximum: 120_000,
    description: "ms one provider call may take (a delivery, ЮKassa's payment start) before it counts as failed",
  }),

  // signed-in calls and caches
  TOKEN_TTL_DAYS: Type.Integer({ default: 30, minimum: 1, maximum: 3650, description: 'lifetime of a sign-in token, days' }),
  STAFF_REFUND_LIMIT: Type.Integer({
    default: 5000,
    minimum: 0,
    maximum: 10_000_000,
    description: 'refunds above this many roubles asked for by a staff member wait for an admin (the back office)',
  }),
  CATALOG_CACHE_TTL_S: seconds(
    'seconds a public catalog answer is served from memory (0: no cache); an expired one is served once more while one request refreshes it, and bookings drop the seat-dependent ones at once',
    30,
    86400,
    0,
  ),
  CATALOG_CACHE_MAX_ENTRIES: limit('most catalog answers kept in memory (least recently used dropped first; also capped at 64 MB)', 2000, 1_000_000),
  SIGNED_IN_CACHE_TTL_MS: Type.Integer({
    default: 2000,
    defaultByAppEnv: { test: 0 },
    minimum: 0,
    maximum: 60_000,
    description: 'ms a valid token and the signed-in reads (profile, my orders, favorites) are kept while no write goes through (0: off)',
  }),

  // operations (http/metrics.ts, features/health, main.ts)
  METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      defaultText: 'unset: no metrics port',
      description: 'an internal port (on HOST) answering GET /metrics in the Prometheus format, without a token: keep it out of the balancer and the Ingress (0: any free port)',
    }),
  ),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      sensitive: true,
      defaultText: 'unset: no /metrics on the public port',
      description: 'GET /metrics on the api port too, for a request with Authorization: Bearer <this token> (anyone else gets 404)',
    }),
  ),
  SHUTDOWN_DELAY_MS: Type.Integer({
    default: 0,
    minimum: 0,
    maximum: 120_000,
    description:
      'on SIGTERM: ms GET /api/ready answers 503 while requests are still served, so the balancer stops sending new ones before the api closes (0: close at once; with a Kubernetes preStop sleep, 0)',
  }),
  MIGRATE_ON_START: Type.Boolean({
    default: true,
    description: 'apply the migrations and seed an empty database at start; false for replicas when one job runs `node dist/cli.js migrate` first',
  }),
  WARM_UP_ROUNDS: Type.Integer({
    default: 10,
    minimum: 0,
    maximum: 1000,
    description:
      'before the port opens: rounds of the public catalog calls run in memory (fills the catalog cache, compiles the hot code) and of the signed-in reads up to the token lookup (a token that is no one\'s: 401), at most 1 s, so a (re)started process joins the balancer warm (0: none)',
  }),

  // phone sign-in (features/sso)
  SSO_CHANNEL: Type.Optional(
    Type.Enum(['dev', 'smsru'], {
      default: 'dev',
      defaultByAppEnv: { production: null },
      description:
        'the channel delivering sign-in pushes, calls and SMS: dev is the outbox (the console, and /api/dev/outbox in development), smsru is SMS.ru (a flash call, then an SMS; needs SMSRU_API_ID); unset: sign-in answers 503',
    }),
  ),
  SMSRU_API_ID: Type.Optional(
    Type.String({
      sensitive: true,
      defaultText: 'unset',
      description: "SMS.ru api_id; with SSO_CHANNEL=smsru only; never logged, scrubbed from the providers' error texts",
    }),
  ),
  SMSRU_API_URL: Type.String({
    format: 'url',
    default: 'https://sms.ru',
    description: "SMS.ru's API, http(s) (tests point it at a local server speaking the same API)",
  }),
  SMSRU_FROM: Type.Optional(
    Type.String({ defaultText: "unset: the account's default", description: 'an approved SMS sender name' }),
  ),
  SSO_PUSH_TIMEOUT_S: seconds('seconds a push on the SIM waits for its answer before the incoming call', 30, 3600),
  SSO_CALL_TIMEOUT_S: seconds("seconds the incoming call's code waits before an SMS is sent", 60, 3600),
  SSO_CODE_TTL_S: seconds(
    'countdown of each sign-in stage, seconds, restarted at every switch (the SMS code expires with it; the phone may ask again only when it ends)',
    180,
    3600,
    10,
  ),
  SSO_SEND_LIMIT_IP: limit('sign-in requests per IP per hour', 30, 100_000),
  SSO_SEND_LIMIT_PHONE: limit('sign-in requests per phone per hour that may call and text (later ones, and any while the phone is busy, are push-only)', 10, 1000),
  SSO_PUSH_LIMIT_PHONE: limit('pushes per phone per hour, whoever asks (past it a new sign-in to the phone is a 429 with expiry_seconds)', 6, 1000),
  SSO_CHECK_LIMIT_IP: limit('sign-in checks and code attempts per IP per minute', 120, 100_000),
  SSO_CODE_GUESSES_PER_DAY: limit('code guesses per phone in 24 hours, whatever the IP (10: a 0.1 % chance a day)', 10, 100),

  // orders in time (features/lifecycle) and the limits on creating them
  ORDER_PAYMENT_HOLD_MIN: limit('minutes an order awaiting payment holds its seats (never past the start)', 15, 24 * 60),
  ORDER_REQUEST_ANSWER_H: limit('hours the partner has to answer a request (never past the start)', 24, 24 * 14),
  ORDER_MAX_UNPAID_SEATS: limit('seats one customer may hold unpaid at once, across orders', 30, 100_000),
  ORDER_CREATE_LIMIT_ACCOUNT: limit('orders one account may create per hour', 30, 100_000),
  ORDER_CREATE_LIMIT_IP: limit('orders one IP may create per hour', 120, 1_000_000),
  LIFECYCLE_SWEEP_S: Type.Integer({
    default: 5,
    defaultByAppEnv: { test: 0 },
    minimum: 0,
    maximum: 3600,
    description: 'seconds between two sweeps of the lifecycle worker (expiries, reminders, schedules; 0: it does not run)',
  }),
  MODERATION_AUTO_APPROVE_S: Type.Integer({
    default: 20,
    defaultByAppEnv: { production: 0, test: 0 },
    minimum: 0,
    maximum: 86400,
    description:
        'development only: excursions sent to moderation are approved by the lifecycle worker after this many seconds, as there is no staff interface yet (0: off; always 0 elsewhere)',
  }),
});

export type ApiEnv = Static<typeof ApiEnv>;
