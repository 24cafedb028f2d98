import { ApiError, http, type Query } from '@excursio/shared';

export interface FakeCall {
  method: string;
  path: string;
  query: Query | undefined;
  body: unknown;
}

type Handler = (call: FakeCall, params: string[]) => unknown;

/** `{ status: true, data }` as the api answers. */
export const ok = <T>(data: T) => ({ status: true, data });

export const paged = <T>(data: T[], current = 1, last = 1) => ({ data, current_page: current, last_page: last, per_page: 20, total: data.length });

/** A 422 as the http client rejects it. */
export const unprocessable = (errors: Record<string, string[]>) => new ApiError(422, Object.values(errors)[0]![0]!, errors);

/**
 * Replaces the http client with a table of routes: `'GET /api/staff/orders/:id'` → handler (its answer, or a thrown
 * ApiError). Returns every call made, in order; an unknown call fails the test loudly (404).
 */
export function fakeApi(routes: Record<string, Handler>): FakeCall[] {
  const calls: FakeCall[] = [];
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const regex = new RegExp(`^${pattern.replace(/:[a-z_]+/g, '([^/]+)')}$`);
    return { method, regex, handler };
  });
  jest.spyOn(http, 'request').mockImplementation(async (method: string, path: string, options = {}) => {
    const call: FakeCall = { method, path, query: options.query, body: options.body };
    calls.push(call);
    await Promise.resolve();
    for (const route of table) {
      const match = route.method === method && route.regex.exec(path);
      if (match) return structuredClone(route.handler(call, match.slice(1)));
    }
    throw new ApiError(404, `no fake for ${method} ${path}`, {});
  });
  return calls;
}

/** The calls of one method and path. */
export const callsTo = (calls: FakeCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
