import type { ComponentType, ReactNode } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from '@excursio/shared/router';
import { describeRouteError } from './describeRouteError';
import { CrawlerErrorPage, ErrorPage } from './ErrorPage';
import { isCrawler } from './isCrawler';

export interface RouteErrorScreenProps {
  /** The site frame (header, footer) around the page; skipped for crashes, which may come from the frame itself. */
  Frame: ComponentType<{ children: ReactNode }>;
  userAgent?: string;
  reload?: () => void;
}

/** The root route's error boundary: crawler text, or the error page inside the site frame. */
export function RouteErrorScreen({ Frame, userAgent = navigator.userAgent, reload = () => window.location.reload() }: RouteErrorScreenProps) {
  const error = useRouteError();
  const navigate = useNavigate();
  const { status, message } = describeRouteError(error);
  if (isCrawler(userAgent)) return <CrawlerErrorPage status={status} message={message} />;
  if (!isRouteErrorResponse(error)) console.error('[shell] unexpected error', error);
  const page = <ErrorPage status={status} message={message} onHome={() => navigate('/')} onReload={reload} />;
  return isRouteErrorResponse(error) ? <Frame>{page}</Frame> : page;
}
