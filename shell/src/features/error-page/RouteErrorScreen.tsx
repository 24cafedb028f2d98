import type { ComponentType, ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from '@excursio/shared/router';
import { describeRouteError } from './describeRouteError';
import { CrawlerErrorPage, ErrorPage } from './ErrorPage';
import { isCrawler } from './isCrawler.mjs';

export interface RouteErrorScreenProps {
  /** The site frame (header, footer) around the page; skipped for crashes, which may come from the frame itself. */
  Frame: ComponentType<{ children: ReactNode }>;
  userAgent?: string;
}

/** The root route's error boundary: crawler text, or the error page inside the site frame. */
export function RouteErrorScreen({ Frame, userAgent = navigator.userAgent }: RouteErrorScreenProps) {
  const error = useRouteError();
  const { pathname, search, hash } = useLocation();
  const { status, message } = describeRouteError(error);
  if (isCrawler(userAgent)) return <CrawlerErrorPage status={status} message={message} />;
  if (!isRouteErrorResponse(error)) console.error('[shell] unexpected error', error);
  const page = <ErrorPage status={status} message={message} here={`${pathname}${search}${hash}`} />;
  return isRouteErrorResponse(error) ? <Frame>{page}</Frame> : page;
}
