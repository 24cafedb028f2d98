import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from '@excursio/shared/router';
import { RouteErrorScreen } from '../features/error-page/RouteErrorScreen';
import { PageLayout } from '../features/layouts/PageLayout';
import { areaOfPath, selectLayout } from '../features/layouts/selectLayout';
import { AppFrame, type FrameDeps } from './AppFrame';
import type { RootComponents } from './createAppRouter';

export interface ShellDeps extends FrameDeps {
  /** «Выйти»: forget the session (the menu then goes to '/'). */
  signOut: () => Promise<void>;
  userAgent?: string;
}

/** The root route's components, bound to the page's stores and remote widgets. */
export function createShellComponents(deps: ShellDeps): RootComponents {
  const { signOut, userAgent, ...frame } = deps;

  function Frame({ children }: { children: ReactNode }) {
    return <AppFrame {...frame}>{children}</AppFrame>;
  }

  function App() {
    const matches = useMatches();
    const { pathname } = useLocation();
    return (
      <AppFrame {...frame}>
        <ScrollRestoration />
        <PageLayout layout={selectLayout(matches)} area={areaOfPath(pathname)} onSignOut={signOut}>
          <Outlet />
        </PageLayout>
      </AppFrame>
    );
  }

  function ErrorBoundary() {
    return <RouteErrorScreen Frame={Frame} userAgent={userAgent} />;
  }

  function HydrateFallback() {
    return (
      <AppFrame {...frame} initializing>
        <div className="sh-page-placeholder" aria-busy="true" />
      </AppFrame>
    );
  }

  return { Component: App, ErrorBoundary, HydrateFallback };
}
