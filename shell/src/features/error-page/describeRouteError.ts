import { isRouteErrorResponse } from '@excursio/shared/router';

export interface RouteErrorView {
  status: number;
  /** The status message or the error's message. */
  message: string;
}

function messageOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') return value.message;
  return null;
}

/** Status code and message of whatever a route threw (a 404 data() response, a Response, an Error…). */
export function describeRouteError(error: unknown): RouteErrorView {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, message: messageOf(error.data) ?? (error.statusText || 'Ошибка') };
  }
  if (error instanceof Response) return { status: error.status, message: error.statusText || 'Ошибка' };
  return { status: 500, message: messageOf(error) ?? 'Внутренняя ошибка' };
}
