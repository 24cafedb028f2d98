import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type AppEnv = 'development' | 'production' | 'test';

export interface Config {
  port: number;
  host: string;
  appEnv: AppEnv;
  /** A PostgreSQL server; when unset the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** Data folder of the embedded database; `memory://` keeps it in memory only. */
  pgliteDir: string;
  /** Shared rate-limit store for several api processes. */
  redisUrl: string | null;
  realtime: { appId: string; key: string; secret: string };
  frontendOrigins: string[];
  /** Where error reports of the frontends are forwarded (a chat-bot webhook); never sent to clients. */
  monitoringWebhookUrl: string | null;
  /** Percentage of the order total taken as the service commission (prepayment). */
  serviceCommission: number;
  /** Payment provider for the prepayment: 'test' (the built-in test mode) or null when none is configured. */
  paymentProvider: 'test' | null;
  tokenTtlDays: number;
  /**
   * Which proxies' X-Forwarded-For is believed (client IPs for rate limits): `true`, `false`, or a
   * proxy-addr list such as `loopback` (default: the shell's proxy on the same machine).
   */
  trustProxy: boolean | string;
  /** Level of the JSON request logs (LOG_LEVEL): info by default; `warn` keeps load tests quiet. */
  logLevel: LogLevel;
  catalogCache: CatalogCacheConfig;
  sso: SsoConfig;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The in-process cache of the public catalog reads (http/response-cache.ts). */
export interface CatalogCacheConfig {
  /** Seconds an answer is served from memory (CATALOG_CACHE_TTL_S); 0 turns the cache off. */
  ttlS: number;
  /** Most answers kept (CATALOG_CACHE_MAX_ENTRIES), least recently used dropped first. */
  maxEntries: number;
  /** The cache clock in ms (tests inject one to expire entries); performance.now when absent. */
  now?: () => number;
}

/** Phone sign-in (features/sso). Times in seconds, limits in requests per window. */
export interface SsoConfig {
  /** The PhoneChannel that delivers pushes, calls and SMS: 'dev' (the outbox); null = none (sign-in answers 503). */
  channel: 'dev' | null;
  /** A push not confirmed within this time is followed by an incoming call. */
  pushTimeoutS: number;
  /** A call not verified within this time is followed by an SMS. */
  callTimeoutS: number;
  /** The countdown of each stage (restarted at every stage switch); the SMS code expires with it. */
  codeTtlS: number;
  /** Sign-in requests per IP per hour. */
  sendLimitPerIp: number;
  /** Sign-in requests per phone per hour (besides one at a time: not before the countdown ends). */
  sendLimitPerPhone: number;
  /** Checks and code attempts per IP per minute. */
  checkLimitPerIp: number;
  /** The sign-in clock in ms (tests inject one to step through the stages); Date.now when absent. */
  now?: () => number;
}

export type Env = Record<string, string | undefined>;

/** The api package folder (…/api), whatever the working directory. */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEFAULT_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function number(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function appEnv(env: Env): AppEnv {
  const raw = text(env, 'APP_ENV') ?? 'production';
  if (raw === 'development' || raw === 'production' || raw === 'test') return raw;
  throw new Error(`APP_ENV must be development, production or test, got "${raw}"`);
}

function url(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  try {
    new URL(raw);
  } catch {
    // The value may hold credentials (a bot token): never echo it.
    throw new Error(`${name} is not a valid URL`);
  }
  return raw;
}

function ssoChannel(env: Env, mode: AppEnv): SsoConfig['channel'] {
  const raw = text(env, 'SSO_CHANNEL');
  // Outside production the development outbox is the default; production must name a real channel.
  if (raw === null) return mode === 'production' ? null : 'dev';
  if (raw === 'dev') return raw;
  throw new Error(`SSO_CHANNEL must be dev, got "${raw}"`);
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(env: Env): LogLevel {
  const raw = text(env, 'LOG_LEVEL') ?? 'info';
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
}

function trustProxy(env: Env): boolean | string {
  const raw = text(env, 'TRUST_PROXY') ?? 'loopback';
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw;
}

/** Builds the configuration from an environment (process.env in production, a literal in tests). */
export function loadConfig(env: Env = process.env): Config {
  const pgliteDir = text(env, 'PGLITE_DIR') ?? '.data/pglite';
  const origins = text(env, 'FRONTEND_ORIGINS');
  const mode = appEnv(env);
  return {
    port: integer(env, 'PORT', 8080, 1, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    appEnv: mode,
    databaseUrl: url(env, 'DATABASE_URL'),
    pgliteDir: pgliteDir.startsWith('memory://') ? pgliteDir : path.resolve(apiRoot, pgliteDir),
    redisUrl: url(env, 'REDIS_URL'),
    realtime: {
      appId: text(env, 'REALTIME_APP_ID') ?? 'excursio',
      key: text(env, 'REALTIME_APP_KEY') ?? 'excursio-key',
      secret: text(env, 'REALTIME_APP_SECRET') ?? 'excursio-secret',
    },
    frontendOrigins: origins
      ? origins.split(',').map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean)
      : DEFAULT_ORIGINS,
    monitoringWebhookUrl: url(env, 'MONITORING_WEBHOOK_URL'),
    serviceCommission: number(env, 'SERVICE_COMMISSION', 15, 0, 100),
    // the test provider never takes real money, so production gets it only when asked for explicitly
    paymentProvider: (env.PAYMENT_PROVIDER ?? (mode === 'production' ? '' : 'test')) === 'test' ? 'test' : null,
    tokenTtlDays: integer(env, 'TOKEN_TTL_DAYS', 30, 1, 3650),
    trustProxy: trustProxy(env),
    logLevel: logLevel(env),
    catalogCache: {
      ttlS: integer(env, 'CATALOG_CACHE_TTL_S', 30, 0, 86400),
      maxEntries: integer(env, 'CATALOG_CACHE_MAX_ENTRIES', 2000, 1, 1000000),
    },
    sso: {
      channel: ssoChannel(env, mode),
      pushTimeoutS: integer(env, 'SSO_PUSH_TIMEOUT_S', 30, 1, 3600),
      callTimeoutS: integer(env, 'SSO_CALL_TIMEOUT_S', 60, 1, 3600),
      codeTtlS: integer(env, 'SSO_CODE_TTL_S', 180, 10, 3600),
      sendLimitPerIp: integer(env, 'SSO_SEND_LIMIT_IP', 30, 1, 100000),
      sendLimitPerPhone: integer(env, 'SSO_SEND_LIMIT_PHONE', 10, 1, 1000),
      checkLimitPerIp: integer(env, 'SSO_CHECK_LIMIT_IP', 120, 1, 100000),
    },
  };
}

export const config: Config = loadConfig();
