// The shell's render bundle (built for Node into dist-server/render.cjs, run in a worker of shell/server/ssr/):
// the page's own route table with the catalog remote's routes inserted, loaded over HTTP with the Module Federation
// runtime for Node; react-router's static handler runs the loaders (status codes, redirects), React renders the page.
// Anything that goes wrong answers `fallback`: the server then sends the client-rendered page (docs/server-rendering.md).
import { PassThrough } from 'node:stream';
import { createContext, useContext } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { enableStaticRendering } from 'mobx-react-lite';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createEventBus, type RemoteRoutes, type RouteHandle } from '@excursio/shared';
import { createAppRoutes, type RootComponents } from '../app/createAppRouter';
import { createShellComponents } from '../app/shellComponents';
import { UNKNOWN_SESSION } from '../app/AppFrame';
import { createUiStore } from '../app/uiStore';
import { MOUNTS, resolveMount, type Mount } from '../features/mounts/mountTable.mjs';
import { AreaFallbackPage } from '../features/remote-loading/AreaFallback';
import { loadRemoteRoutes, withRemoteRoutes } from '../features/remote-loading/routesPatcher';
import { splitHoisted } from './splitHoisted';

// observer() components render once, without subscribing: nothing on the server reacts to later changes (MobX docs)
enableStaticRendering(true);

export type RenderResult =
  | { kind: 'page'; status: number; head: string; html: string; data: string }
  | { kind: 'client' }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'fallback'; reason: string };

export interface RenderRequest {
  url: string;
  userAgent: string;
  /** This render's time limit instead of the set-up's (the warm-up: the first render also loads the remote's code). */
  timeoutMs?: number;
}

export interface RenderSetup {
  /** remote name → its Node entry (a versioned URL: the runtime keeps one entry per name and address). */
  remotes: Record<string, string>;
  /** Where the api lives for the loaders' calls ('/api/…' addresses are sent there). */
  apiUrl: string;
  /** Budget of a whole render (remote load, loaders, React), in ms. */
  timeoutMs?: number;
}

let settings: Required<RenderSetup> | null = null;

/** Once per worker: where the remotes and the api are. */
export function setup(next: RenderSetup): void {
  settings = { timeoutMs: 3_000, ...next };
  registerRemotes(Object.entries(next.remotes).map(([name, entry]) => ({ name, entry, type: 'commonjs-module' })));
  // the pages' http client uses same-origin addresses ('' api base, as in the browser): they go to the api here
  const direct = globalThis.fetch.bind(globalThis);
  const apiUrl = next.apiUrl.replace(/\/$/, '');
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    direct(typeof input === 'string' && input.startsWith('/') ? `${apiUrl}${input}` : input, init)) as typeof fetch;
}

const Nothing = () => null;
/** The header as before a stored session is read: the browser shows the same until it has hydrated. */
const noSession = { restore: async () => undefined, useToken: async () => undefined, profile: null };

function timeout(ms: number, what: string): { promise: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/** Loader data as the browser's router reads it back (errors as plain objects, like react-router's own hydration). */
export function serializeRouterData(context: StaticHandlerContext): unknown {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data, internal: Boolean((error as { internal?: boolean }).internal) }
            : { __type: 'Error', message: error instanceof Error ? error.message : String(error) },
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

function renderToHtml(element: React.ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    // decoded by the stream: a chunk boundary inside a Cyrillic letter's two bytes never becomes U+FFFD
    sink.setEncoding('utf8');
    sink.on('data', (chunk: string) => (html += chunk));
    sink.on('end', () => resolve(html));
    const stream = renderToPipeableStream(element, {
      // the whole page at once: loaders have run, so nothing is left to stream but lazy code
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // a component that throws is the route's error boundary's business; it is logged by the server
        console.error('[ssr] render error', error);
      },
    });
    signal.addEventListener('abort', () => {
      stream.abort();
      reject(new Error('render aborted'));
    });
  });
}

// The route table and react-router's static handler are made once per mount and remote build, not per request: they
// flattened and ranked every route twice a request (~10 % of a page's render). What differs per request (the page's
// stores, the visitor's browser) reaches the root components through this context.
const RequestRoot = createContext<RootComponents | null>(null);

function useRequestRoot(): RootComponents {
  const root = useContext(RequestRoot);
  if (!root) throw new Error('rendered outside a request');
  return root;
}

/** The root route's components for every request: each renders its request's own (one element, no extra DOM). */
const sharedRoot: RootComponents = {
  Component: function App() {
    const { Component } = useRequestRoot();
    return <Component />;
  },
  ErrorBoundary: function ErrorBoundary() {
    const { ErrorBoundary: Boundary } = useRequestRoot();
    return <Boundary />;
  },
  HydrateFallback: function HydrateFallback() {
    const { HydrateFallback: Fallback } = useRequestRoot();
    return <Fallback />;
  },
};

/** The loaders' bus: the anonymous server session never emits on it (no token to find invalid). */
const loaderBus = createEventBus();

interface MountTable {
  handler: StaticHandler;
}

/** By remote build (its routes module), then by mount. */
const tables = new WeakMap<RemoteRoutes, Map<string, MountTable>>();

function mountTable(mount: Mount, remoteRoutes: RemoteRoutes): MountTable {
  let byMount = tables.get(remoteRoutes);
  if (!byMount) tables.set(remoteRoutes, (byMount = new Map()));
  let table = byMount.get(mount.key);
  if (!table) {
    const routes = withRemoteRoutes(createAppRoutes({ root: sharedRoot, session: noSession, bus: loaderBus }), mount, remoteRoutes);
    table = { handler: createStaticHandler(routes) };
    byMount.set(mount.key, table);
  }
  return table;
}

async function renderMount(mount: Mount, request: RenderRequest, signal: AbortSignal): Promise<RenderResult> {
  const remoteRoutes: RemoteRoutes = await loadRemoteRoutes((id) => loadRemote(id), mount);
  const { handler } = mountTable(mount, remoteRoutes);
  const bus = createEventBus();
  const ui = createUiStore(bus);
  try {
    const root = createShellComponents({
      ui,
      bus,
      session: UNKNOWN_SESSION,
      widgets: { AuthModal: Nothing, NotificationsPanel: Nothing },
      signOut: async () => undefined,
      userAgent: request.userAgent,
    });
    // A page its remote keeps to the browser (RouteHandle.clientOnly) is not rendered here, and its loaders do not run:
    // the check sits in the data strategy, which sees the request's matches (the root route's loader makes sure it
    // runs), so the routes are matched once per request, not twice.
    let clientOnly = false;
    const context = await handler.query(new Request(request.url, { signal, headers: { 'user-agent': request.userAgent } }), {
      dataStrategy: async ({ matches }) => {
        if (matches.some(({ route }) => (route.handle as Partial<RouteHandle> | undefined)?.clientOnly)) {
          clientOnly = true;
          return {};
        }
        const load = matches.filter((m) => m.shouldLoad);
        const results = await Promise.all(load.map((m) => m.resolve()));
        return Object.fromEntries(load.map((m, i) => [m.route.id, results[i]!]));
      },
    });
    if (clientOnly) return { kind: 'client' };
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    // a page whose code could not be loaded (the remote went away) is left to the browser, never sent as the fallback
    if (context.matches.some(({ route }) => route.Component === AreaFallbackPage)) throw new Error(`${mount.remote}: the page's code is unavailable`);
    const router = createStaticRouter(handler.dataRoutes, context);
    // hydrate={false}: the data goes out as a JSON block (no inline script for the CSP to allow)
    const rendered = await renderToHtml(
      <RequestRoot.Provider value={root}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </RequestRoot.Provider>,
      signal,
    );
    const { head, body } = splitHoisted(rendered);
    return { kind: 'page', status: context.statusCode, head, html: body, data: JSON.stringify(serializeRouterData(context)) };
  } finally {
    ui.disconnect();
  }
}

/** A catalog address rendered, or why not (the server then sends the client-rendered page). */
export async function render(request: RenderRequest): Promise<RenderResult> {
  if (!settings) return { kind: 'fallback', reason: 'render bundle not set up' };
  const mount = resolveMount(new URL(request.url).pathname, MOUNTS);
  if (!mount || !(mount.remote in settings.remotes)) return { kind: 'fallback', reason: 'not a server-rendered area' };
  const controller = new AbortController();
  const budget = timeout(request.timeoutMs ?? settings.timeoutMs, `render ${request.url}`);
  try {
    return await Promise.race([renderMount(mount, request, controller.signal), budget.promise]);
  } catch (error) {
    controller.abort();
    return { kind: 'fallback', reason: String((error as Error)?.message ?? error).split('\n')[0] ?? 'render failed' };
  } finally {
    budget.clear();
  }
}
