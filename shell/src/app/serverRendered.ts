import { matchRoutes, UNSAFE_ErrorResponseImpl, type HydrationState, type RouteObject } from '@excursio/shared/router';
import { MOUNTS, resolveMount, type Mount } from '../features/mounts/mountTable.mjs';
import { loadRemoteRoutes, type ModuleLoader } from '../features/remote-loading/routesPatcher';
import type { ServerRenderedStart } from './createAppRouter';

/** Id of the JSON block the shell server writes after #root on a page it rendered (shell/server/ssr/pageHtml.mjs). */
export const ROUTER_DATA_ID = 'excursio-router-data';

type SerializedError = { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown; internal?: boolean } | { __type: 'Error'; message: string };

/** The loaders' data of a server-rendered page, errors made route error responses again (null: not rendered there). */
export function readRouterData(doc: Pick<Document, 'getElementById'>): HydrationState | null {
  const text = doc.getElementById(ROUTER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as { loaderData?: HydrationState['loaderData']; actionData?: HydrationState['actionData']; errors?: Record<string, SerializedError> | null };
    const errors = raw.errors
      ? Object.fromEntries(
          Object.entries(raw.errors).map(([id, error]) => [
            id,
            error.__type === 'RouteErrorResponse'
              ? new UNSAFE_ErrorResponseImpl(error.status, error.statusText, error.data, error.internal === true)
              : Object.assign(new Error(error.message), { stack: '' }),
          ]),
        )
      : null;
    return { loaderData: raw.loaderData ?? {}, actionData: raw.actionData ?? null, errors };
  } catch {
    return null;
  }
}

/**
 * What the router needs to start from the server's rendering: the owning remote's routes (already in the table: the
 * router does not patch routes while it hydrates) and the loaders' data. Null when the remote cannot be loaded: the
 * page then starts as a client-rendered one.
 */
export async function prepareServerRendered(
  pathname: string,
  hydrationData: HydrationState,
  loadModule: ModuleLoader,
  mounts: readonly Mount[] = MOUNTS,
): Promise<ServerRenderedStart | null> {
  const mount = resolveMount(pathname, mounts);
  if (!mount) return null;
  try {
    return { mount, remoteRoutes: await loadRemoteRoutes(loadModule, mount), hydrationData };
  } catch (error) {
    console.error(`[shell] ${mount.remote} is unavailable; the page starts over in the browser`, error);
    return null;
  }
}

/**
 * The matched routes' lazy parts (page component, loader) loaded before the router starts, as the server had them:
 * a route still lazy at start would make the router render its fallback instead of the server's page.
 */
export async function resolveLazyMatches(routes: RouteObject[], location: { pathname: string; search: string; hash: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
