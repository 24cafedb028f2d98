import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  data,
  type DataRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from '@excursio/shared/router';
import type { EventBus, RemoteRoutes, RootRouteData } from '@excursio/shared';
import { createAccountGuard } from '../features/address-rules/accountGuard';
import { createMountAccess, createStaffGuard } from '../features/address-rules/staffArea';
import { createAddressRulesLoader, INVALID_TOKEN_TEXT } from '../features/address-rules/rootLoader';
import type { ReturnTo } from '../features/address-rules/returnTo';
import { MOUNT_IDS, MOUNTS, type Mount } from '../features/mounts/mountTable.mjs';
import { createRoutesPatcher, withRemoteRoutes, type ModuleLoader } from '../features/remote-loading/routesPatcher';
import type { SessionGate } from './sessionGate';

export interface RootComponents {
  Component: ComponentType;
  ErrorBoundary: ComponentType;
  HydrateFallback: ComponentType;
}

export type RouterFactory = (
  routes: RouteObject[],
  opts: { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction; hydrationData?: HydrationState },
) => DataRouter;

/** A page the shell server rendered: the remote routes it used and the loaders' data, to hydrate without reloading. */
export interface ServerRenderedStart {
  mount: Mount;
  remoteRoutes: RemoteRoutes;
  hydrationData: HydrationState;
}

export interface AppRouterDeps {
  root: RootComponents;
  /** Loads an exposed remote module ('mfe_catalog/routes'); rejects when the remote is unavailable. */
  loadRemote: ModuleLoader;
  session: SessionGate;
  bus: EventBus;
  /** Remembers the account page a signed-out visitor asked for (optional: tests without it). */
  returnTo?: Pick<ReturnTo, 'remember'>;
  mounts?: readonly Mount[];
  /** createBrowserRouter by default; tests pass a memory router. */
  createRouter?: RouterFactory;
  /** Start from the server's rendering (routes pre-inserted, loader data given). */
  serverRendered?: ServerRenderedStart;
  /** The keys of the mounts whose remote routes are in the table (a remote switched in place is taken out of it). */
  patchedMounts?: Set<string>;
}

const revalidateAlways = () => true;

function notFoundLoader(): never {
  throw data('Page not found', { status: 404 });
}

/**
 * The root route's data (RootRouteData of the routing contract): the site's origin as the request reached it, for
 * pages' canonical and structured-data addresses (the same on the server and in the browser).
 */
function rootLoader(addressRules: (args: LoaderFunctionArgs) => Promise<null>) {
  return async (args: LoaderFunctionArgs): Promise<RootRouteData> => {
    await addressRules(args);
    return { origin: new URL(args.request.url).origin };
  };
}

/** The route table: a pathless root (address rules) with empty mounts that remotes are patched into. */
export function createAppRoutes({ root, session, bus, returnTo }: Pick<AppRouterDeps, 'root' | 'session' | 'bus' | 'returnTo'>): RouteObject[] {
  const invalidToken = () => bus.emit('toast:show', { type: 'error', message: INVALID_TOKEN_TEXT });
  return [
    {
      id: 'root',
      ...root,
      loader: rootLoader(createAddressRulesLoader(session, undefined, invalidToken)),
      shouldRevalidate: revalidateAlways,
      children: [
        { id: MOUNT_IDS.accountUser, loader: createAccountGuard('user', session, bus, returnTo), shouldRevalidate: revalidateAlways, children: [] },
        {
          id: MOUNT_IDS.accountPartner,
          loader: createAccountGuard('partner', session, bus, returnTo),
          shouldRevalidate: revalidateAlways,
          children: [],
        },
        { id: MOUNT_IDS.staff, loader: createStaffGuard(session), shouldRevalidate: revalidateAlways, children: [] },
        { id: MOUNT_IDS.catalog, children: [] },
        { id: 'not-found', path: '*', loader: notFoundLoader },
      ],
    },
  ];
}

/** The router's route table: the shell's, with a server-rendered page's remote routes already in their mount. */
export function appRoutes(deps: AppRouterDeps): RouteObject[] {
  const { serverRendered } = deps;
  const routes = createAppRoutes(deps);
  return serverRendered ? withRemoteRoutes(routes, serverRendered.mount, serverRendered.remoteRoutes) : routes;
}

/** The shell's one router; remotes' routes arrive through patchRoutesOnNavigation. */
export function createAppRouter(deps: AppRouterDeps, routes: RouteObject[] = appRoutes(deps)): DataRouter {
  const { loadRemote, mounts = MOUNTS, createRouter = createBrowserRouter, serverRendered, session, patchedMounts } = deps;
  const mayLoad = createMountAccess(session);
  if (!serverRendered) return createRouter(routes, { patchRoutesOnNavigation: createRoutesPatcher(mounts, loadRemote, [], mayLoad, patchedMounts) });
  return createRouter(routes, {
    patchRoutesOnNavigation: createRoutesPatcher(mounts, loadRemote, [serverRendered.mount.key], mayLoad, patchedMounts),
    hydrationData: serverRendered.hydrationData,
  });
}
