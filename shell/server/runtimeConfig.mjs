// What the shell serves as /remotes.json and /config.json: deploy-time settings, never compiled in.
// Both take the servers' parsed settings (serverEnv of ./env.mjs: every variable at its type and default).
import { portVariable, remotes } from './apps.mjs';
import { remoteUrlVariable, serverEnv } from './env.mjs';
import { buildFor } from './releases.mjs';

/**
 * REMOTE_<KEY>_URL (e.g. REMOTE_CATALOG_URL) overrides where a remote's entry (remoteEntry.js) lives. `publicOnly`: without
 * the staff-only remotes — the list inlined into every page, which tells a visitor nothing of the back office.
 * `live`: the release pointers (./releases.mjs): a released remote's entry is its immutable build beside that
 * address, `<app>/<build-hash>/remoteEntry.js`, the canary's for a browser whose `bucket` falls in its share.
 */
export function remotesJson(settings = serverEnv(), { publicOnly = false, live = {}, bucket = null } = {}) {
  const out = {};
  for (const r of remotes) {
    if (publicOnly && r.staffOnly) continue;
    const entry = settings[remoteUrlVariable(r)] ?? `${settings.REMOTE_HOST}:${settings[portVariable(r)]}/remoteEntry.js`;
    const pointer = live[r.dir];
    out[r.name] = pointer ? new URL(`${r.dir}/${buildFor(pointer, bucket)}/remoteEntry.js`, entry).href : entry;
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
