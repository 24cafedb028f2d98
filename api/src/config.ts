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
  tokenTtlDays: number;
  /**
   * Which proxies' X-Forwarded-For is believed (client IPs for rate limits): `true`, `false`, or a
   * proxy-addr list such as `loopback` (default: the shell's proxy on the same machine).
   */
  trustProxy: boolean | string;
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
  return {
    port: integer(env, 'PORT', 8080, 1, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    appEnv: appEnv(env),
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
    tokenTtlDays: integer(env, 'TOKEN_TTL_DAYS', 30, 1, 3650),
    trustProxy: trustProxy(env),
  };
}

export const config: Config = loadConfig();
