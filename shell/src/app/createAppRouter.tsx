import type { ComponentType } from 'react';
import { createBrowserRouter, data, type DataRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from '@excursio/shared/router';
import type { EventBus } from '@excursio/shared';
import { createAccountGuard } from '../features/address-rules/accountGuard';
import { createAddressRulesLoader, INVALID_TOKEN_TEXT } from '../features/address-rules/rootLoader';
import type { ReturnTo } from '../features/address-rules/returnTo';
import { MOUNT_IDS, MOUNTS, type Mount } from '../features/mounts/mountTable.mjs';
import { createRoutesPatcher, type ModuleLoader } from '../features/remote-loading/routesPatcher';
import type { SessionGate } from './sessionGate';

export interface RootComponents {
  Component: ComponentType;
  ErrorBoundary: ComponentType;
  HydrateFallback: ComponentType;
}

export type RouterFactory = (routes: RouteObject[], opts: { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction }) => DataRouter;

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
}

const revalidateAlways = () => true;

function notFoundLoader(): never {
  throw data('Page not found', { status: 404 });
}

/** The route table: a pathless root (address rules) with empty mounts that remotes are patched into. */
export function createAppRoutes({ root, session, bus, returnTo }: Pick<AppRouterDeps, 'root' | 'session' | 'bus' | 'returnTo'>): RouteObject[] {
  const invalidToken = () => bus.emit('toast:show', { type: 'error', message: INVALID_TOKEN_TEXT });
  return [
    {
      id: 'root',
      ...root,
      loader: createAddressRulesLoader(session, undefined, invalidToken),
      shouldRevalidate: revalidateAlways,
      children: [
        { id: MOUNT_IDS.accountUser, loader: createAccountGuard('user', session, bus, returnTo), shouldRevalidate: revalidateAlways, children: [] },
        {
          id: MOUNT_IDS.accountPartner,
          loader: createAccountGuard('partner', session, bus, returnTo),
          shouldRevalidate: revalidateAlways,
          children: [],
        },
        { id: MOUNT_IDS.catalog, children: [] },
        { id: 'not-found', path: '*', loader: notFoundLoader },
      ],
    },
  ];
}

/** The shell's one router; remotes' routes arrive through patchRoutesOnNavigation. */
export function createAppRouter(deps: AppRouterDeps): DataRouter {
  const { loadRemote, mounts = MOUNTS, createRouter = createBrowserRouter } = deps;
  return createRouter(createAppRoutes(deps), { patchRoutesOnNavigation: createRoutesPatcher(mounts, loadRemote) });
}
