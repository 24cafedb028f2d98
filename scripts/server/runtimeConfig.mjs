// What the shell serves as /remotes.json and /config.json: deploy-time settings, never compiled in.
import { remotes, portOf } from '../apps.mjs';

/**
 * REMOTE_<KEY>_URL (e.g. REMOTE_CATALOG_URL) overrides where a remote's entry (remoteEntry.js) lives. `publicOnly`: without
 * the staff-only remotes — the list inlined into every page, which tells a visitor nothing of the back office.
 */
export function remotesJson(env = process.env, { publicOnly = false } = {}) {
  const out = {};
  for (const r of remotes) {
    if (publicOnly && r.staffOnly) continue;
    const envKey = `REMOTE_${r.key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_URL`;
    out[r.name] = env[envKey] ?? `${env.REMOTE_HOST ?? 'http://localhost'}:${portOf(r, env)}/remoteEntry.js`;
  }
  return out;
}

export function configJson(env = process.env) {
  return {
    apiBase: env.PUBLIC_API_BASE ?? '',
    realtime: {
      key: env.REALTIME_APP_KEY ?? 'excursio-key',
      // empty host/port: the page's own origin (the shell proxies /app to the api)
      wsHost: env.REALTIME_WS_HOST ?? '',
      wsPort: Number(env.REALTIME_WS_PORT ?? 0),
      forceTLS: env.REALTIME_FORCE_TLS === 'true',
      authEndpoint: env.REALTIME_AUTH_ENDPOINT ?? '/socket/broadcasting/auth',
    },
    countryLookupUrl: env.COUNTRY_LOOKUP_URL ?? null,
  };
}
