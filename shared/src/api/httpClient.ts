import { ApiError, NETWORK_ERROR_MESSAGE } from './ApiError';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key` of an order creation). Since 2.1.0. */
  headers?: Record<string, string>;
}

export interface UnprocessableReport {
  status: number;
  message: string;
  method: string;
  path: string;
}

export interface HttpClientOptions {
  baseUrl: () => string;
  getToken: () => string | null;
  /** Called for every 422 answer (spec §8: reported to monitoring, never shown). */
  onUnprocessable?: (report: UnprocessableReport) => void;
  fetchImpl?: typeof fetch;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

function buildUrl(base: string, path: string, query?: Query): string {
  let url = `${base.replace(/\/$/, '')}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

/** The one fetch wrapper: Accept JSON, bearer token, one error shape. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  return {
    async request<T>(method: string, path: string, { query, body, signal, headers: extra }: RequestOptions = {}): Promise<T> {
      const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
      const token = options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      // FormData (a file upload) goes as it is: the browser writes the multipart boundary itself
      const form = typeof FormData !== 'undefined' && body instanceof FormData;
      if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
      const doFetch = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
      let res: Response;
      try {
        res = await doFetch(buildUrl(options.baseUrl(), path, query), {
          method,
          headers,
          body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
          signal,
        });
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        throw new ApiError(0, NETWORK_ERROR_MESSAGE);
      }
      const text = await res.text();
      let payload: unknown = undefined;
      if (text) {
        try {
          payload = JSON.parse(text);
        } catch {
          payload = undefined;
        }
      }
      if (!res.ok) {
        const p = (payload ?? {}) as { message?: unknown; errors?: unknown };
        const message = typeof p.message === 'string' && p.message ? p.message : `Ошибка сервера (${res.status})`;
        const errors = p.errors && typeof p.errors === 'object' ? (p.errors as Record<string, unknown>) : {};
        if (res.status === 422) options.onUnprocessable?.({ status: 422, message, method, path });
        throw new ApiError(res.status, message, errors);
      }
      return payload as T;
    },
  };
}
