// An open tab and a new release of a remote it uses (issue 28). Every released build lives in its own immutable
// folder (/<app>/<build-hash>/), so the tab keeps working on the build it started with. Before its next navigation the
// tab asks /remotes.json whether a remote it loaded now lives in another folder. If so, and both builds allow it (their
// manifests: ./inPlaceRelease.ts), the remote is switched in place and the navigation goes on with the new build, with
// no page load; otherwise the navigation becomes one full page load, so the next page comes from the new release.
// A page chunk or remote that fails to load is retried once: on the same build, or after one reload when its remote
// moved to another release meanwhile.

/** Moves remotes to other builds in the open page (./inPlaceRelease.ts). */
export interface InPlaceSwitch {
  /** Whether every one of `names` may move from its build in `from` to its build in `to` without a page load. */
  allowed(names: string[], from: Record<string, string>, to: Record<string, string>): Promise<boolean>;
  /** Moves them from `from` to `to`; rejects when a new build cannot be loaded (the navigation then loads the page in full). */
  apply(names: string[], to: Record<string, string>, from: Record<string, string>): Promise<void>;
}

export interface ReleaseWatchOptions {
  /** The remote list the page started with (inlined into the page, or /remotes.json). */
  started: Promise<Record<string, string>>;
  /** The current list (/remotes.json, no-cache). */
  fetchList: () => Promise<Record<string, string>>;
  /** The remotes this page has loaded code from. */
  used: () => Iterable<string>;
  /** A full page load of the current address (after a load failure). */
  reload: () => void;
  /** The in-place switch; none: a moved remote always costs a page load. */
  inPlace?: InPlaceSwitch;
  /** Where the reloads are remembered, so that each happens once (sessionStorage; none in tests). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** At most one check per this many ms while navigating (several quick clicks ask once). */
  minIntervalMs?: number;
  /** A navigation waits this long for the list; no answer by then: it goes on with the builds it has. */
  waitMs?: number;
  now?: () => number;
}

/** What a navigation does about releases: go on as it is, go on after a switch in place, or load the address in full. */
export type NavigationOutcome = 'stay' | 'switched' | 'reload';

export interface ReleaseWatch {
  /**
   * Before a client-side navigation: 'reload' when a used remote moved and cannot be switched in place (the caller
   * loads the address in full; once per new set of builds), 'switched' when it was, else 'stay'. `switchInPlace:
   * false` (a navigation already under way on the old build: back, forward) leaves a move that could be switched to
   * the next navigation ('stay'), and only reloads for one that cannot.
   */
  beforeNavigation(options?: { switchInPlace?: boolean }): Promise<NavigationOutcome>;
  /**
   * After `remote`'s code (any used remote's when not named: a page chunk) failed to load: 'reload' (it moved: the
   * page loads again, once) or 'retry' (same build).
   */
  afterLoadFailure(remote?: string): Promise<'reload' | 'retry'>;
}

/** The folder of a remote's entry: a pinned entry (remoteEntry.<hash>.js) and remoteEntry.js of one build share it. */
export const buildFolder = (entry: string): string => {
  try {
    return new URL('.', entry).href;
  } catch {
    return entry;
  }
};

const RELOAD_KEY = 'excursio:release-reload';
const NAVIGATION_KEY = 'excursio:release-navigation';

export function createReleaseWatch({
  started,
  fetchList,
  used,
  reload,
  inPlace,
  storage = null,
  minIntervalMs = 2_000,
  waitMs = 1_500,
  now = Date.now,
}: ReleaseWatchOptions): ReleaseWatch {
  let checkedAt = -Infinity;
  /** The builds the page runs: those it started with, then those it was switched to. */
  const running = started.then((list) => ({ ...list }));
  running.catch(() => undefined);
  let checking: Promise<NavigationOutcome> | null = null;

  /** The remotes among `names` whose current list names another build folder than the page runs. */
  async function moved(names: Iterable<string>): Promise<{ names: string[]; list: Record<string, string>; from: Record<string, string> }> {
    const [from, current] = await Promise.all([running, fetchList()]);
    const out = [...names].filter((name) => from[name] && current[name] && buildFolder(from[name]) !== buildFolder(current[name]));
    return { names: out, list: current, from };
  }

  async function check(switchInPlace: boolean): Promise<NavigationOutcome> {
    let found: Awaited<ReturnType<typeof moved>> | null;
    try {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      found = await Promise.race([moved(used()), late]).finally(() => clearTimeout(timer));
    } catch {
      return 'stay'; // no list (the server is restarting): the navigation goes on with the builds the page has
    }
    if (!found?.names.length) return 'stay';
    const { names, list, from } = found;
    const target = names.map((name) => buildFolder(list[name]!)).join(' ');
    if (inPlace && (await inPlace.allowed(names, { ...from }, list).catch(() => false))) {
      if (!switchInPlace) {
        checkedAt = -Infinity; // the next navigation asks again, and switches
        return 'stay';
      }
      try {
        await inPlace.apply(names, list, { ...from });
        for (const name of names) from[name] = list[name]!;
        return 'switched';
      } catch {
        // the new build does not load in this page (and the old one is gone from it): the page loads in full
        storage?.setItem(NAVIGATION_KEY, target);
        return 'reload';
      }
    }
    // once per new set of builds: a page that still names the old ones after loading in full (a cache in front of the
    // server, a release rolled back meanwhile) navigates on as it is rather than reloading again
    if (storage?.getItem(NAVIGATION_KEY) === target) return 'stay';
    storage?.setItem(NAVIGATION_KEY, target);
    return 'reload';
  }

  return {
    beforeNavigation({ switchInPlace = true } = {}) {
      if (checking) return checking;
      if (now() - checkedAt < minIntervalMs) return Promise.resolve('stay');
      checkedAt = now();
      checking = check(switchInPlace).finally(() => {
        checking = null;
      });
      return checking;
    },
    async afterLoadFailure(remote) {
      try {
        const { names, list } = await moved(remote ? [remote] : used());
        const target = names.length ? buildFolder(list[names[0]!]!) : null;
        // once per new build: a build that fails after its reload is retried, never reloaded in a loop
        if (target && storage?.getItem(RELOAD_KEY) !== target) {
          storage?.setItem(RELOAD_KEY, target);
          reload();
          return 'reload';
        }
      } catch {
        // no list: retry on what the page has
      }
      return 'retry';
    },
  };
}
