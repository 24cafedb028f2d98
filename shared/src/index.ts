// @excursio/shared — one instance per page (a Module Federation singleton): session, bus, api client.
import { createErrorReporter, MONITORING_REPORT_PATH } from './api/reportError';
import type { MonitoringReport } from './contracts/index';
import { createHttpClient } from './api/httpClient';
import { createEventBus } from './bus/events';
import { getRuntimeConfig } from './config/runtimeConfig';
import { createSessionApi } from './session/sessionApi';
import { SessionStore } from './session/SessionStore';
import { createDefaultTokenVault } from './session/tokenVault';
import { createWidgetRegistry } from './routing/widgets';
import { useStore } from './store/ExternalStore';

export type { BusEvents, ChatNotice, EventBus, ModalType, ToastPayload, ToastType } from './bus/events';
export { createEventBus } from './bus/events';
export type { RealtimeConfig, RuntimeConfig } from './config/runtimeConfig';
export { getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './config/runtimeConfig';
export { ApiError, NETWORK_ERROR_MESSAGE } from './api/ApiError';
export type { HttpClient, Query, RequestOptions, UnprocessableReport } from './api/httpClient';
export { createHttpClient } from './api/httpClient';
export type { SessionApi } from './session/sessionApi';
export { DEFAULT_SERVICE_COMMISSION, SessionStore } from './session/SessionStore';
export { ExternalStore, useStore, type Subscribable } from './store/ExternalStore';
export type { TokenVault } from './session/tokenVault';
export { createBrowserTokenVault, createMemoryTokenVault, TOKEN_STORAGE_KEY } from './session/tokenVault';
export { formatDate, formatPrice, pluralRu } from './format/ru';
export { proposalPriceText } from './format/proposal';
export type * from './contracts/index';

/** The page's event bus. */
export const bus = createEventBus();

let sessionRef: SessionStore | null = null;

/** The page's http client: every remote builds its own calls on it (bearer token, one error shape, 422 reports). */
export const http = createHttpClient({
  baseUrl: () => getRuntimeConfig().apiBase,
  getToken: () => sessionRef?.token ?? null,
  // 422s go to the monitoring sink with who and where (spec §8); never shown, never re-reported.
  onUnprocessable: (report) => {
    if (report.path === MONITORING_REPORT_PATH) return;
    reportProblem({ message: report.message, request: `${report.method} ${report.path}`, status: report.status });
  },
});

const sendReport = createErrorReporter(http);

/** The released builds this page runs (app folder → build hash), named in every report: a canary's error rate. */
let reportBuilds: Record<string, string> | null = null;
export function setReportBuilds(builds: Record<string, string>): void {
  reportBuilds = Object.keys(builds).length ? builds : null;
}

/** Reports a problem to the monitoring sink with who met it and where; never throws, never shown. */
export function reportProblem(problem: Pick<MonitoringReport, 'message' | 'request' | 'status'>): void {
  const profile = sessionRef?.profile ?? null;
  void sendReport({
    user_id: profile?.id ?? null,
    name: profile?.name ?? null,
    phone: profile?.phone ?? null,
    page: typeof location === 'undefined' ? '' : location.href,
    ...problem,
    ...(reportBuilds ? { builds: reportBuilds } : {}),
  }).catch(() => undefined);
}

/** The page's session (token, profile, favorites, commission). */
export const session = new SessionStore(createSessionApi(http), createDefaultTokenVault());
sessionRef = session;

/** The page's session in a component: it re-renders after every change of the session. */
export function useSession(): SessionStore {
  return useStore(session);
}
export type { LayoutName, RemoteRoutes, RootRouteData, RouteHandle, RouteValidationArgs } from './routing/contract';
export { notFound, notFoundMessage, orRouteError } from './routing/contract';
export type { AuthModalProps, NotificationsPanelProps, OrderChatProps, RealtimeModule, SupportCenterProps, PageWidgetName, PageWidgets, WidgetRegistry } from './routing/widgets';
export { createWidgetRegistry } from './routing/widgets';

/** Widgets the shell provides for remotes' pages (the order chat). */
export const widgets = createWidgetRegistry();

/** Resolve an api-relative URL (e.g. a photo under the api's media path) against the configured api base. */
export function apiUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${getRuntimeConfig().apiBase.replace(/\/$/, '')}${path}`;
}
