// Tokens and base styles first, so feature styles (imported below) override the base rules.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, type DataRouter } from '@excursio/shared/router';
import { loadRemote, registerGlobalPlugins, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  bus,
  http,
  loadRuntimeConfig,
  reportProblem,
  setReportBuilds,
  session,
  setRuntimeConfig,
  widgets,
  type AuthModalProps,
  type NotificationsPanelProps,
  type OrderChatProps,
  type SupportCenterProps,
} from '@excursio/shared';
import { appRoutes, createAppRouter, type ServerRenderedStart } from './app/createAppRouter';
import { prepareServerRendered, readRouterData, resolveLazyMatches } from './app/serverRendered';
import { createReturnTo } from './features/address-rules/returnTo';
import { reenterStaffAreaOnSessionChange } from './features/address-rules/staffArea';
import { bufferEarlyToasts } from './features/toasts/ToastHost';
import { gateSession } from './app/sessionGate';
import { createShellComponents } from './app/shellComponents';
import { createUiStore } from './app/uiStore';
import { yieldToMain } from './app/yieldToMain';
import { warmLocaleData } from './app/warmLocale';
import { readInlineRuntime } from './features/remote-loading/inlineRuntime';
import { releasedBuilds } from './features/remote-loading/releasedBuilds';
import { releasesOnDemand } from './features/remote-loading/releasesOnDemand';
import { createRemoteRegistry, fetchRemoteList } from './features/remote-loading/remoteRegistry';
import { dropRemoteAreas } from './features/remote-loading/routesPatcher';
import { MOUNTS } from './features/mounts/mountTable.mjs';
import { setPageLoadRecovery } from './features/remote-loading/wrapRemoteRoutes';
import { createRemoteWidget } from './features/remote-loading/remoteWidget';
import { startRealtimeWhenSignedIn } from './features/realtime/startRealtimeWhenSignedIn';
import { remoteFailurePlugin } from './runtime-plugin/remoteFailurePlugin';
import { describeMismatch, sharedVersionPlugin } from './runtime-plugin/sharedVersionPlugin';

// Start-up: nothing here waits before the first paint; the router awaits what a page needs.
registerPlugins([remoteFailurePlugin()]);
// Global: each remote negotiates its shared modules in its own federation instance, made when it first loads.
registerGlobalPlugins([
  sharedVersionPlugin((mismatch) => {
    const message = describeMismatch(mismatch);
    console.error(`[shell] ${message}`);
    reportProblem({ message, request: `shared ${mismatch.pkgName}` });
  }),
]);
// The shell server inlines /config.json and /remotes.json into index.html; fetched only when missing.
const inline = readInlineRuntime(document);
const configReady = inline.config ? Promise.resolve(setRuntimeConfig(inline.config)) : loadRuntimeConfig();
const startedRemotes = inline.remotes ? Promise.resolve(inline.remotes) : fetchRemoteList('/remotes.json');
// a new release of a remote this tab uses: its next navigation moves to it in place where both builds allow it, else
// it loads the page in full from it (./releaseWatch.ts, ./inPlaceRelease.ts). Their code loads with the first
// navigation or failed load that needs it, not before the page is live (./releasesOnDemand.ts).
let appRouter: DataRouter | null = null;
const patchedMounts = new Set<string>();
/** The released builds this page runs (error reports name them): those it started with, then those switched to. */
let runningBuilds: Record<string, string> = {};
/** The remote whose page the server rendered into this document (its styles are inline). */
let serverRenderedRemote: string | null = null;
const releases = releasesOnDemand(async () => {
  const { createReleaseFollowing } = await import(/* webpackChunkName: "releases" */ './features/remote-loading/releaseFollowing');
  return createReleaseFollowing({
    inPlace: {
      registry: { replace: (remote, entry) => registry.replace(remote, entry), load: (id) => registry.load(id) },
      dropRoutes: (remote) => {
        if (!appRouter) return;
        for (const mount of MOUNTS) if (mount.remote === remote) patchedMounts.delete(mount.key);
        dropRemoteAreas(appRouter, MOUNTS, remote);
      },
      serverRendered: () => serverRenderedRemote,
      switched: (names, to) => {
        const builds = releasedBuilds(Object.fromEntries(names.map((name) => [name, to[name]!])));
        runningBuilds = { ...runningBuilds, ...builds };
        setReportBuilds(runningBuilds);
        void http.request('POST', '/api/releases/seen', { body: { builds } }).catch(() => undefined);
      },
    },
    watch: {
      started: startedRemotes,
      fetchList: () => fetchRemoteList('/remotes.json'),
      used: () => registry.used(),
      reload: () => location.reload(),
      storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
    },
  });
});
const registry = createRemoteRegistry({
  remotes: startedRemotes,
  // the inlined list leaves out the staff-only remotes: the full one is read when one of them is needed
  more: () => fetchRemoteList('/remotes.json'),
  runtime: { registerRemotes, loadRemote },
  bus,
  recover: (remote) => releases.afterLoadFailure(remote),
});
setPageLoadRecovery(() => releases.afterLoadFailure());
// the released builds this page runs: named in its error reports and counted once per load (a canary's error rate)
void startedRemotes.then((list) => {
  // … and the shell's own release, when the page is made of one (the shell server names it: shell/server/shellBuilds.mjs)
  const builds = { ...releasedBuilds(list), ...(inline.shell ? { shell: inline.shell } : {}) };
  if (!Object.keys(builds).length) return;
  runningBuilds = builds;
  setReportBuilds(builds);
  void configReady.then(() => http.request('POST', '/api/releases/seen', { body: { builds } })).catch(() => undefined);
}, () => undefined);
const sessionGate = gateSession(session, configReady);
// A page the shell server rendered (catalog pages) hydrates from its HTML; the stored session is applied after that,
// so the header first matches the server's (anonymous) markup and then shows who is signed in.
const routerData = readRouterData(document);
if (!routerData) void sessionGate.restore();
void configReady.then(() => session.loadCommission());

const ui = createUiStore(bus);
widgets.provide('OrderChat', createRemoteWidget<OrderChatProps>(() => registry.load('mfe_notifications/OrderChat'), 'mfe_notifications/OrderChat'));
widgets.provide(
  'SupportCenter',
  createRemoteWidget<SupportCenterProps>(() => registry.load('mfe_notifications/SupportCenter'), 'mfe_notifications/SupportCenter'),
);
void configReady.then(() => startRealtimeWhenSignedIn(session, () => registry.load('mfe_notifications/realtime')));
const rootComponents = createShellComponents({
  ui,
  bus,
  session,
  widgets: {
    AuthModal: createRemoteWidget<AuthModalProps>(() => registry.load('mfe_auth/AuthModal'), 'mfe_auth/AuthModal'),
    NotificationsPanel: createRemoteWidget<NotificationsPanelProps>(
      () => registry.load('mfe_notifications/NotificationsPanel'),
      'mfe_notifications/NotificationsPanel',
    ),
  },
  signOut: async () => {
    await session.signOut();
    bus.emit('auth:signed-out');
  },
});
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The pre-rendered frame in index.html is already on screen; the rest of start-up runs as short tasks with a turn for
// the browser between them (evaluating the modules above, creating the router and its first navigation, then React).
async function start(root: HTMLElement) {
  await yieldToMain();
  warmLocaleData();
  await yieldToMain();
  bufferEarlyToasts(bus);
  const returnTo = createReturnTo(bus);
  const loadModule = (id: string) => registry.load(id);
  const serverRendered = routerData ? await prepareServerRendered(location.pathname, routerData, loadModule) : null;
  serverRenderedRemote = serverRendered?.mount.remote ?? null;
  const deps = { root: rootComponents, loadRemote: loadModule, session: sessionGate, bus, returnTo, serverRendered: serverRendered ?? undefined, patchedMounts };
  const routes = appRoutes(deps);
  // the router must start with the page's lazy parts loaded, as the server had them (else it renders its fallback)
  if (serverRendered) await resolveLazyMatches(routes, location);
  const router = createAppRouter(deps, routes);
  returnTo.attach(router);
  followReleases(router);
  reenterStaffAreaOnSessionChange(bus, router);
  if (serverRendered) return hydrate(root, router, serverRendered);
  if (routerData) void sessionGate.restore();
  await yieldToMain();
  const reactRoot = createRoot(root);
  // A transition lets React yield to the browser every few milliseconds while it renders the first page, instead of
  // holding the main thread in one long task (input stays responsive; Total Blocking Time drops accordingly).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <FirstCommit onDone={markLive}>
          <RouterProvider router={router} />
        </FirstCommit>
      </StrictMode>,
    ),
  );
}
/**
 * A navigation first asks whether a remote the page uses has a new release: the remote is switched in place (the
 * navigation then shows the new release's page, with no page load), or the address loads in full. A link's navigation
 * (router.navigate) waits for the answer; one the browser started (back, forward) is asked while it runs, and only
 * reloads (./releaseWatch.ts).
 */
function followReleases(router: DataRouter) {
  appRouter = router;
  const navigate = router.navigate.bind(router);
  let reloadNext = false;
  router.navigate = (async (...args: Parameters<DataRouter['navigate']>) => {
    if (typeof args[0] === 'number') return navigate(...args);
    const outcome = await releases.beforeNavigation();
    if (outcome === 'reload') reloadNext = true;
    await navigate(...args);
    if (outcome === 'switched') releases.finish();
  }) as DataRouter['navigate'];
  let last: unknown = null;
  router.subscribe((state) => {
    const next = state.navigation.location;
    if (state.navigation.state !== 'loading' || !next || next === last) return;
    last = next;
    const href = router.createHref(next);
    if (reloadNext) {
      reloadNext = false;
      location.assign(href);
      return;
    }
    // a navigation the browser started (back, forward), already running on the builds the page has: a moved remote
    // that can be switched in place is switched by the next link's navigation; one that cannot loads the page in full
    void releases.beforeNavigation({ switchInPlace: false }).then((outcome) => {
      if (outcome === 'reload') location.assign(href);
    });
  });
}

/** Marks the first commit (hydration's end, or the first render's). One child: the tree React matches is unchanged. */
function FirstCommit({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  useEffect(onDone, [onDone]);
  return children;
}

/**
 * `<html data-app="live">` once the page answers to its scripts: hydrated, or rendered in the browser. A server-rendered
 * page is readable (links, the search form) before; tests and monitoring wait for this to use what needs scripts.
 */
const markLive = () => {
  document.documentElement.dataset.app = 'live';
};

const sessionAfterHydration = () => {
  markLive();
  void sessionGate.restore();
};

/**
 * The server's HTML becomes the live page: same routes (pre-inserted, lazy parts loaded), same data, no re-render.
 * Started in a transition, hydration runs in React's transition lane, which yields to the browser every few
 * milliseconds instead of holding the main thread in one long task (outside a transition it runs at the default
 * lane, which is not time-sliced). A click on a part not hydrated yet hydrates that part first (selective hydration).
 */
function hydrate(root: HTMLElement, router: ReturnType<typeof createAppRouter>, start: ServerRenderedStart) {
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <FirstCommit onDone={sessionAfterHydration}>
          <RouterProvider router={router} />
        </FirstCommit>
      </StrictMode>,
      {
        // a mismatch makes React render that part again in the browser: reported, never shown to the visitor
        onRecoverableError: (error, info) => {
          // where in the tree (the component stack's first lines): enough to find the mismatch in a minified build
          const where = (info.componentStack ?? '').trim().split('\n').slice(0, 6).map((line) => line.trim()).join(' < ');
          const message = `hydration: ${error instanceof Error ? error.message : String(error)}${where ? ` at ${where}` : ''}`;
          console.error(`[shell] ${message}`);
          reportProblem({ message, request: `hydrate ${location.pathname} (${start.mount.remote})` });
        },
      },
    );
  });
}

void start(container);
