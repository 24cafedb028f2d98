import type { DataRouter, PatchRoutesOnNavigationFunction, RouteObject } from '@excursio/shared/router';
import type { RemoteRoutes } from '@excursio/shared';
import { AreaFallbackPage } from './AreaFallback';
import { resolveMount, type Mount } from '../mounts/mountTable.mjs';
import { wrapRemoteRoutes } from './wrapRemoteRoutes';

export type ModuleLoader = (id: string) => Promise<unknown>;

/** `<remote>/routes` → the mount's route list (its named export, or the default); anything else is a broken remote. */
export async function loadRemoteRoutes(loadModule: ModuleLoader, mount: Pick<Mount, 'remote' | 'routes'>): Promise<RemoteRoutes> {
  const name = mount.routes ?? 'default';
  const module = (await loadModule(`${mount.remote}/routes`)) as Record<string, unknown> | null;
  const list = module?.[name];
  if (!Array.isArray(list)) throw new Error(`${mount.remote}/routes exports no route list '${name}'`);
  return list as RemoteRoutes;
}

/** Routes patched into a mount whose remote is down: its whole area shows the fallback. */
export function fallbackRoutes(mount: Mount): RouteObject[] {
  const handle = { layout: mount.fallbackLayout };
  return [
    { index: true, Component: AreaFallbackPage, handle },
    { path: '*', Component: AreaFallbackPage, handle },
  ];
}

/** The route a mount's remote routes sit under (the same id on the server and in the browser: hydration keys). */
export function areaRoute(mount: Pick<Mount, 'key' | 'path'>, children: RouteObject[]): RouteObject {
  return { id: `area-${mount.key}`, path: mount.path, children };
}

/**
 * The route table with a remote's routes already in its mount, for a page rendered on the server: the router must
 * start with every route the server matched (it does not patch routes while hydrating).
 */
export function withRemoteRoutes(routes: RouteObject[], mount: Mount, remoteRoutes: RemoteRoutes): RouteObject[] {
  const insert = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      if (route.id === mount.routeId) return { ...route, children: [areaRoute(mount, wrapRemoteRoutes(remoteRoutes))] } as RouteObject;
      return route.children ? ({ ...route, children: insert(route.children) } as RouteObject) : route;
    });
  return insert(routes);
}

/** The part of the router that taking a remote's routes out uses. */
export type PatchableRouter = Pick<DataRouter, 'manifest' | 'patchRoutes'>;

/**
 * Takes the areas of `remote`'s mounts out of the router: after the remote was switched to another release in the
 * page (./inPlaceRelease.ts), the next navigation into them patches the new release's routes in (the caller forgets
 * the mounts as patched). The page on screen keeps rendering until then. The router is changed in place, and told
 * with an empty patch, so that its matcher follows (its HMR route swap does not: routes patched during the navigation
 * after it would not match).
 */
export function dropRemoteAreas(router: PatchableRouter, mounts: readonly Mount[], remote: string): void {
  for (const mount of mounts) {
    if (mount.remote !== remote) continue;
    const children = router.manifest[mount.routeId]?.children;
    const at = children?.findIndex((route) => route.id === areaRoute(mount, []).id) ?? -1;
    if (!children || at < 0) continue;
    const [area] = children.splice(at, 1);
    // their ids are free again: the new release's routes get the same ones
    const forget = (route: RouteObject) => {
      if (route.id) delete router.manifest[route.id];
      for (const child of route.children ?? []) forget(child);
    };
    forget(area!);
    router.patchRoutes(mount.routeId, []);
  }
}

/**
 * patchRoutesOnNavigation: the router calls it for every navigation that only matches a splat/param route;
 * it loads the owning remote's routes once per mount and patches them (or the fallback) in.
 */
export function createRoutesPatcher(
  mounts: readonly Mount[],
  loadModule: ModuleLoader,
  /** Mounts whose routes the table already holds (a page rendered on the server). */
  present: readonly string[] = [],
  /**
   * Whether the visitor may have a mount's remote loaded (staff-only mounts); when not, nothing is fetched or patched
   * and the address falls to the 404 route. Asked again on every navigation until the mount is patched.
   */
  mayLoad: (mount: Mount) => Promise<boolean> = async () => true,
  /** The keys of the mounts patched so far (shared with the in-place switch, which empties a mount again). */
  patched: Set<string> = new Set<string>(),
): PatchRoutesOnNavigationFunction {
  for (const key of present) patched.add(key);

  return async ({ path, patch, signal }) => {
    const mount = resolveMount(path, mounts);
    if (!mount || patched.has(mount.key)) return;
    if (!(await mayLoad(mount))) return;
    let children: RouteObject[];
    try {
      children = wrapRemoteRoutes(await loadRemoteRoutes(loadModule, mount));
    } catch (error) {
      console.error(`[shell] ${mount.remote} is unavailable; its area shows a fallback`, error);
      children = fallbackRoutes(mount);
    }
    // An aborted navigation ignores patch(); the next one patches from the (cached) module.
    if (signal.aborted || patched.has(mount.key)) return;
    patch(mount.routeId, [areaRoute(mount, children)]);
    patched.add(mount.key);
  };
}
