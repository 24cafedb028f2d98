import type { Subscribable } from '@excursio/shared';

/** `state` as a store that never changes: what the server and the prerendered frame know, or nothing reported yet. */
export function unchanging<T extends object>(state: T): T & Subscribable {
  return { ...state, subscribe: () => () => undefined, getVersion: () => 0 };
}
