import { useSyncExternalStore } from 'react';

/** What React needs to follow a store: a subscription and a snapshot that moves on every change. */
export interface Subscribable {
  subscribe(listener: () => void): () => void;
  getVersion(): number;
}

/**
 * The base of the stores a first view needs (the session, the shell's overlays and bars): React subscribes to them
 * through its own useSyncExternalStore, so a page that only reads loads no state library (issue 30 §2; MobX stays
 * with the remotes' own stores and loads when one of them does). A store calls `changed()` after each change.
 */
export class ExternalStore implements Subscribable {
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** Calls `listener` after every change; returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** A number that moves on every change: the snapshot React compares. */
  readonly getVersion = (): number => this.version;

  /**
   * Runs `effect` each time what `select` reads changes (`equals` decides; `Object.is` by default), and at once too with
   * `immediately` (then without a previous value); returns the stop.
   */
  watch<T>(
    select: () => T,
    effect: (value: T, previous: T | undefined) => void,
    { equals = Object.is, immediately = false }: { equals?: (a: T, b: T) => boolean; immediately?: boolean } = {},
  ): () => void {
    let current = select();
    if (immediately) effect(current, undefined);
    return this.subscribe(() => {
      const next = select();
      if (equals(next, current)) return;
      const previous = current;
      current = next;
      effect(next, previous);
    });
  }

  /**
   * Resolves once `predicate` holds (at once if it already does); rejects after `timeoutMs` when given, or with
   * an AbortError when `signal` aborts. Either way it stops listening.
   */
  until(predicate: () => boolean, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (error?: Error) => {
        stop();
        if (timer !== undefined) clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () => finish(new DOMException('The wait was aborted', 'AbortError'));
      const stop = this.subscribe(() => {
        if (predicate()) finish();
      });
      if (options.timeoutMs !== undefined) timer = setTimeout(() => finish(new Error('The wait timed out')), options.timeoutMs);
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort);
    });
  }

  /** Tells every subscriber that the store changed. */
  protected changed(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Re-renders the calling component after each change of `store`, and returns it. */
export function useStore<S extends Subscribable>(store: S): S {
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  return store;
}
