// Helpers of the partner account's reviews, statistics, profile and support tests.
import { bearer, type TestContext } from './helpers/app';

export async function call(ctx: TestContext, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}
