// A `?token=` link leaves the address before any request (index.html's inline script stashes it here as { token, at });
// the address rules use it while navigating to `at`, and drop it at the first navigation elsewhere (docs/security.md).

/** sessionStorage key the inline script in index.html writes to (keep the two in step). */
export const EARLY_TOKEN_KEY = 'excursio:address-token';

type Store = Pick<Storage, 'getItem' | 'removeItem'>;

/** The token moved out of `url` by the inline start-up script, or null; a stash left by another address is dropped. */
export function earlyTokenFor(url: URL, storage: Store | null = safeSessionStorage()): string | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(EARLY_TOKEN_KEY);
    if (raw === null) return null;
    const stash = JSON.parse(raw) as { token?: unknown; at?: unknown } | null;
    if (stash && typeof stash.token === 'string' && stash.token && stash.at === `${url.pathname}${url.search}`) return stash.token;
    storage.removeItem(EARLY_TOKEN_KEY);
    return null;
  } catch {
    try {
      storage.removeItem(EARLY_TOKEN_KEY);
    } catch {
      /* storage unavailable */
    }
    return null;
  }
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
