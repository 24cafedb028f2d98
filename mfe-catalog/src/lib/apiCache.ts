/**
 * A route's validation and its loader ask the api for the same thing within one navigation;
 * this shares the answer for a few seconds so the page is fetched once.
 */
const SHARE_MS = 5_000;

interface Entry {
  at: number;
  promise: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/** Lists that change rarely (countries, cities for the filters) are kept for the visit's minutes. */
export const REFERENCE_MS = 10 * 60_000;

export function shared<T>(key: string, call: () => Promise<T>, ttlMs = SHARE_MS, now: () => number = Date.now): Promise<T> {
  const hit = entries.get(key);
  if (hit && now() - hit.at < ttlMs) return hit.promise as Promise<T>;
  const promise = call();
  entries.set(key, { at: now(), promise });
  // A failed call is not shared: the next navigation asks again.
  promise.catch(() => {
    if (entries.get(key)?.promise === promise) entries.delete(key);
  });
  return promise;
}

/** Tests start from an empty cache. */
export function clearShared(): void {
  entries.clear();
}
