import type { PatchRoutesOnNavigationFunction, RouteObject } from '@excursio/shared/router';
import type { RemoteRoutes } from '@excursio/shared';
import { AreaFallbackPage } from './AreaFallback';
import { resolveMount, type Mount } from '../mounts/mountTable.mjs';
import { wrapRemoteRoutes } from './wrapRemoteRoutes';

export type ModuleLoader = (id: string) => Promise<unknown>;

/** `<remote>/routes` → its route list; anything else is a broken remote. */
export async function loadRemoteRoutes(loadModule: ModuleLoader, remote: string): Promise<RemoteRoutes> {
  const module = (await loadModule(`${remote}/routes`)) as { default?: unknown } | null;
  if (!Array.isArray(module?.default)) throw new Error(`${remote}/routes exports no route list`);
  return module.default as RemoteRoutes;
}

/** Routes patched into a mount whose remote is down: its whole area shows the fallback. */
export function fallbackRoutes(mount: Mount): RouteObject[] {
  const handle = { layout: mount.fallbackLayout };
  return [
    { index: true, Component: AreaFallbackPage, handle },
    { path: '*', Component: AreaFallbackPage, handle },
  ];
}

/**
 * patchRoutesOnNavigation: the router calls it for every navigation that only matches a splat/param route;
 * it loads the owning remote's routes once per mount and patches them (or the fallback) in.
 */
export function createRoutesPatcher(mounts: readonly Mount[], loadModule: ModuleLoader): PatchRoutesOnNavigationFunction {
  const patched = new Set<string>();

  return async ({ path, patch, signal }) => {
    const mount = resolveMount(path, mounts);
    if (!mount || patched.has(mount.key)) return;
    let children: RouteObject[];
    try {
      children = wrapRemoteRoutes(await loadRemoteRoutes(loadModule, mount.remote));
    } catch (error) {
      console.error(`[shell] ${mount.remote} is unavailable; its area shows a fallback`, error);
      children = fallbackRoutes(mount);
    }
    // An aborted navigation ignores patch(); the next one patches from the (cached) module.
    if (signal.aborted || patched.has(mount.key)) return;
    patch(mount.routeId, [{ id: `area-${mount.key}`, path: mount.path, children }]);
    patched.add(mount.key);
  };
}
