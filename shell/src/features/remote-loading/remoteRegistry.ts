import { parseRemoteList } from './inlineRuntime';
import type { EventBus } from '@excursio/shared';

/** Thrown when a remote (or one of its modules) cannot be loaded; the shell answers with a fallback. */
export class RemoteUnavailableError extends Error {
  readonly moduleId: string;
  constructor(moduleId: string, cause?: unknown) {
    super(`Remote module ${moduleId} is unavailable`, { cause });
    this.name = 'RemoteUnavailableError';
    this.moduleId = moduleId;
  }
}

/** The part of the Module Federation runtime the shell uses (injected, so tests need no federation). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemoteRegistry {
  /** Resolves once /remotes.json was read and its remotes registered. */
  ready: Promise<void>;
  /** Load one exposed module ('mfe_auth/AuthModal'); the bar shows while it loads. */
  load<T>(id: string): Promise<T>;
  /** The remotes the page has loaded a module of. */
  used(): ReadonlySet<string>;
  /**
   * `remote` now lives at `entry` (another release, switched in place: ./inPlaceRelease.ts): registered again, its
   * modules forgotten (the next load of each comes from the new entry). Answers the ids of the modules it had loaded.
   */
  replace(remote: string, entry: string): string[];
}

export interface RemoteRegistryOptions {
  /** name → manifest URL, as /remotes.json gives it. */
  remotes: Promise<Record<string, string>>;
  runtime: FederationRuntime;
  bus: EventBus;
  /** A remote that hangs is treated as down after this long. */
  timeoutMs?: number;
  /**
   * The full list (/remotes.json), asked for when a module's remote is not in `remotes`: the list inlined into every
   * page leaves out the staff-only remotes, which the shell loads only for staff.
   */
  more?: () => Promise<Record<string, string>>;
  /**
   * A module that failed to load: 'reload' waits for the page load that replaces this one (its remote moved to another
   * release: ./releaseWatch.ts); otherwise the failure is the answer.
   */
  recover?: (remote: string) => Promise<'reload' | 'retry'>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, id: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${id}: no answer in ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function createRemoteRegistry({ remotes, runtime, bus, timeoutMs = 20_000, more, recover }: RemoteRegistryOptions): RemoteRegistry {
  const known = new Set<string>();
  const used = new Set<string>();
  const register = (list: Record<string, string>) => {
    const fresh = Object.entries(list).filter(([name]) => !known.has(name));
    for (const [name] of fresh) known.add(name);
    if (fresh.length) runtime.registerRemotes(fresh.map(([name, entry]) => ({ name, entry })));
  };
  const ready = remotes.then(register);
  ready.catch(() => undefined); // reported per load, as each area's fallback
  const loaded = new Map<string, Promise<unknown>>();
  let sequence = 0;

  async function loadOnce<T>(id: string): Promise<T> {
    const loadingId = `remote:${id}#${++sequence}`;
    bus.emit('loading:start', { id: loadingId });
    try {
      await ready;
      const remote = id.split('/')[0]!;
      if (!known.has(remote) && more) register(await more());
      const attempt = async () => {
        const module = await withTimeout(runtime.loadRemote<T>(id), timeoutMs, id);
        if (module == null) throw new Error(`${id}: empty module`);
        return module;
      };
      let module: T;
      try {
        module = await attempt();
      } catch (error) {
        // its remote moved to another release: the page loads again from it; otherwise the failure is the answer
        if (recover && (await recover(remote)) === 'reload') return new Promise<T>(() => undefined);
        throw error;
      }
      used.add(remote);
      return module;
    } catch (error) {
      loaded.delete(id); // a later attempt may succeed (the remote came back)
      throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(id, error);
    } finally {
      bus.emit('loading:finish', { id: loadingId });
    }
  }

  return {
    ready,
    used: () => used,
    replace(remote, entry) {
      const ids = [...loaded.keys()].filter((id) => id.split('/')[0] === remote);
      for (const id of ids) loaded.delete(id);
      known.add(remote);
      runtime.registerRemotes([{ name: remote, entry }], { force: true });
      return ids;
    },
    load<T>(id: string): Promise<T> {
      let pending = loaded.get(id) as Promise<T> | undefined;
      if (!pending) {
        pending = loadOnce<T>(id);
        loaded.set(id, pending);
      }
      return pending;
    },
  };
}

/** Read /remotes.json: `{ "mfe_catalog": "<url>/remoteEntry.js", … }`. */
export async function fetchRemoteList(url: string, fetchImpl: typeof fetch = fetch): Promise<Record<string, string>> {
  const res = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return parseRemoteList(await res.json(), url);
}
