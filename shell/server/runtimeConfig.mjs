// What the shell serves as /remotes.json and /config.json: deploy-time settings, never compiled in.
// Both take the servers' parsed settings (serverEnv of ./env.mjs: every variable at its type and default).
import { portVariable, remotes } from './apps.mjs';
import { remoteUrlVariable, serverEnv } from './env.mjs';

/**
 * REMOTE_<KEY>_URL (e.g. REMOTE_CATALOG_URL) overrides where a remote's entry (remoteEntry.js) lives. `publicOnly`: without
 * the staff-only remotes — the list inlined into every page, which tells a visitor nothing of the back office.
 */
export function remotesJson(settings = serverEnv(), { publicOnly = false } = {}) {
  const out = {};
  for (const r of remotes) {
    if (publicOnly && r.staffOnly) continue;
    out[r.name] = settings[remoteUrlVariable(r)] ?? `${settings.REMOTE_HOST}:${settings[portVariable(r)]}/remoteEntry.js`;
  }
  return out;
}

export function configJson(settings = serverEnv()) {
  return {
    apiBase: settings.PUBLIC_API_BASE,
    realtime: {
      key: settings.REALTIME_APP_KEY,
      // empty host/port: the page's own origin (the shell proxies /app to the api)
      wsHost: settings.REALTIME_WS_HOST,
      wsPort: settings.REALTIME_WS_PORT,
      forceTLS: settings.REALTIME_FORCE_TLS,
      authEndpoint: settings.REALTIME_AUTH_ENDPOINT,
    },
    countryLookupUrl: settings.COUNTRY_LOOKUP_URL ?? null,
  };
}
