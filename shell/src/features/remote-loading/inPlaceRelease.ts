// Switching a remote to its new release in an open page, with no page load (issue 28; ./releaseWatch.ts asks for it
// before a navigation). A remote allows it in its build's mf-manifest.json (`metaData.inPlaceRelease: true`, set by
// scripts/rspack/federation.mjs from the remote's rspack.config.mjs); both the build the page runs and the new one
// must allow it. The switch, in the order it happens:
// 1. the old build's stylesheets are set aside (the new build's style loader would take one with the same chunk key
//    for its own; the server-rendered remote's inline styles are the old build's too) and removed once the navigation
//    that follows has shown the new build's page (`finish`);
// 2. the old build's chunk list (self.rspackChunk<name>) is taken off the page: the new build's runtime would
//    otherwise adopt the old build's loaded chunks as its own (same chunk and module ids, older code);
// 3. the federation runtime registers the remote's new entry (registerRemotes with force drops the old container);
// 4. the modules the page had loaded from it are loaded from the new build; a failure rejects, and the navigation
//    becomes a full page load;
// 5. the remote's routes leave the router; the navigation patches the new build's in (./routesPatcher.ts).
import type { InPlaceSwitch } from './releaseWatch';
import { buildFolder } from './releaseWatch';
import type { RemoteRegistry } from './remoteRegistry';

/** The manifest flag (scripts/rspack/federation.mjs IN_PLACE_RELEASE). */
export const IN_PLACE_RELEASE = 'inPlaceRelease';

/** Whether a build's manifest says that it allows an in-place switch. */
export function manifestAllows(manifest: unknown): boolean {
  const meta = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData;
  return meta?.[IN_PLACE_RELEASE] === true;
}

export interface InPlaceSwitchDeps {
  registry: Pick<RemoteRegistry, 'replace' | 'load'>;
  /** Takes `remote`'s routes out of the router: the next navigation patches its new build's routes in. */
  dropRoutes: (remote: string) => void;
  /** After a switch: the remotes now on new builds (error reports name them, a load is counted for the release). */
  switched?: (names: string[], to: Record<string, string>) => void;
  /** The remote whose page the server rendered into this document (its styles are inline: `style[data-ssr-css]`). */
  serverRendered?: () => string | null;
  fetchImpl?: typeof fetch;
  doc?: Pick<Document, 'querySelectorAll'>;
  /** Where the chunk lists live (window). */
  scope?: Record<string, unknown>;
}

export interface InPlaceRelease extends InPlaceSwitch {
  /** After the navigation that followed a switch: the old builds' stylesheets leave the page. */
  finish(): void;
}

const RETIRED = 'data-release-retired';

export function createInPlaceSwitch({
  registry,
  dropRoutes,
  switched,
  serverRendered = () => null,
  fetchImpl = (...args) => fetch(...args),
  doc = document,
  scope = globalThis as unknown as Record<string, unknown>,
}: InPlaceSwitchDeps): InPlaceRelease {
  /** Build folder → whether it allows the switch (a build never changes: asked once; a failed read is asked again). */
  const answers = new Map<string, Promise<boolean>>();
  const allows = (entry: string | undefined): Promise<boolean> => {
    if (!entry) return Promise.resolve(false);
    const folder = buildFolder(entry);
    let answer = answers.get(folder);
    if (!answer) {
      answer = fetchImpl(new URL('mf-manifest.json', folder).href, { headers: { Accept: 'application/json' } })
        .then(async (res) => (res.ok ? manifestAllows(await res.json()) : Promise.reject(new Error(`HTTP ${res.status}`))))
        .catch(() => {
          answers.delete(folder);
          return false;
        });
      answers.set(folder, answer);
    }
    return answer;
  };

  /** The styles of `name`'s build in `folder`: linked from its folder, added by its style loader, or inlined by the server. */
  const stylesOf = (name: string, folder: string): Element[] => [
    ...[...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
      (link) => (link.getAttribute('href') ?? '').startsWith(folder) || link.href?.startsWith(folder) || (link.getAttribute('data-rspack') ?? '').startsWith(`${name}:`),
    ),
    ...(serverRendered() === name ? doc.querySelectorAll('style[data-ssr-css]') : []),
  ];

  return {
    async allowed(names, from, to) {
      const all = await Promise.all(names.flatMap((name) => [allows(from[name]), allows(to[name])]));
      return all.length > 0 && all.every(Boolean);
    },
    async apply(names, to, from) {
      const reload: string[] = [];
      for (const name of names) {
        for (const link of stylesOf(name, from[name] ? buildFolder(from[name]!) : '\0')) {
          const key = link.getAttribute('data-rspack');
          if (key !== null) link.removeAttribute('data-rspack');
          link.setAttribute(RETIRED, key ?? '');
        }
        delete scope[`rspackChunk${name}`];
        delete scope[`webpackChunk${name}`];
        reload.push(...registry.replace(name, to[name]!));
      }
      await Promise.all(reload.map((id) => registry.load(id)));
      for (const name of names) dropRoutes(name);
      switched?.(names, to);
    },
    finish() {
      for (const style of doc.querySelectorAll(`[${RETIRED}]`)) style.remove();
    },
  };
}
