/**
 * Runtime configuration of the frontends, served next to the shell as /config.json
 * (never compiled into a bundle): where the api lives and how to reach the realtime server.
 */
export interface RealtimeConfig {
  key: string;
  wsHost: string;
  wsPort: number;
  forceTLS: boolean;
  authEndpoint: string;
}

export interface RuntimeConfig {
  /** Base URL of the api ('' = same origin, proxied by the shell server). */
  apiBase: string;
  realtime: RealtimeConfig;
  /** Optional visitor-country lookup (spec §7); null when not configured. */
  countryLookupUrl: string | null;
}

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBase: '',
  realtime: { key: 'excursio-key', wsHost: 'localhost', wsPort: 3000, forceTLS: false, authEndpoint: '/socket/broadcasting/auth' },
  countryLookupUrl: null,
};

let current: RuntimeConfig = defaultRuntimeConfig;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(next: Partial<RuntimeConfig>): RuntimeConfig {
  current = {
    ...defaultRuntimeConfig,
    ...next,
    realtime: { ...defaultRuntimeConfig.realtime, ...(next.realtime ?? {}) },
  };
  return current;
}

/** Fetch /config.json (or the given URL) and apply it; falls back to the defaults when it fails. */
export async function loadRuntimeConfig(url = '/config.json', fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl(url, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`config ${res.status}`);
    return setRuntimeConfig((await res.json()) as Partial<RuntimeConfig>);
  } catch {
    return setRuntimeConfig({});
  }
}
