// An open tab and a new release of a remote it uses (issue 28). Every released build lives in its own immutable
// folder (/<app>/<build-hash>/), so the tab keeps working on the build it started with. On its next navigation the
// tab asks /remotes.json whether a remote it loaded now lives in another folder; if so the navigation becomes one full
// page load (federation cannot swap a loaded remote's code in place), so the next page comes from the new release.
// A page chunk or remote that fails to load is retried once: on the same build, or after one reload when its remote
// moved to another release meanwhile.

export interface ReleaseWatchOptions {
  /** The remote list the page started with (inlined into the page, or /remotes.json). */
  started: Promise<Record<string, string>>;
  /** The current list (/remotes.json, no-cache). */
  fetchList: () => Promise<Record<string, string>>;
  /** The remotes this page has loaded code from. */
  used: () => Iterable<string>;
  /** A full page load of `href` (the current address when not given). */
  reload: (href?: string) => void;
  /** Where the reload after a failure is remembered, so that it happens once (sessionStorage; none in tests). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** At most one check per this many ms while navigating (several quick clicks ask once). */
  minIntervalMs?: number;
  now?: () => number;
}

export interface ReleaseWatch {
  /** Before a client-side navigation to `href`: true when it became a full page load (a used remote moved). */
  beforeNavigation(href: string): Promise<boolean>;
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

export function createReleaseWatch({ started, fetchList, used, reload, storage = null, minIntervalMs = 2_000, now = Date.now }: ReleaseWatchOptions): ReleaseWatch {
  let checkedAt = -Infinity;

  /** The remotes among `names` whose current list names another build folder than the page started with. */
  async function moved(names: Iterable<string>): Promise<{ names: string[]; list: Record<string, string> }> {
    const [first, current] = await Promise.all([started, fetchList()]);
    const out = [...names].filter((name) => first[name] && current[name] && buildFolder(first[name]) !== buildFolder(current[name]));
    return { names: out, list: current };
  }

  return {
    async beforeNavigation(href) {
      if (now() - checkedAt < minIntervalMs) return false;
      checkedAt = now();
      try {
        const { names, list } = await moved(used());
        if (!names.length) return false;
        // once per new set of builds: a page that still names the old ones after loading in full (a cache in front
        // of the server, a release rolled back meanwhile) navigates on as it is rather than reloading again
        const target = names.map((name) => buildFolder(list[name]!)).join(' ');
        if (storage?.getItem(NAVIGATION_KEY) === target) return false;
        storage?.setItem(NAVIGATION_KEY, target);
        reload(href);
        return true;
      } catch {
        return false; // no list (the server is restarting): the navigation goes on with the build the page has
      }
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

/** A released build's entry: …/<app folder>/<build hash>/remoteEntry….js (scripts/release.mjs, shell/server/releases.mjs). */
const RELEASED_ENTRY = /\/(shell|mfe-[a-z][a-z-]*)\/([0-9a-f]{8,64})\/[^/]+$/;

/** App folder → build hash of the released builds in a remote list (none before any release). */
export function releasedBuilds(list: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of Object.values(list)) {
    let pathname = '';
    try {
      pathname = new URL(entry).pathname;
    } catch {
      continue;
    }
    const match = RELEASED_ENTRY.exec(pathname);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}
