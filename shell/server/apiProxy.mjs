// The shell server's reverse proxy to the api: /api, /socket, the sitemap at the site's root and the realtime socket.
import fastifyProxy from '@fastify/http-proxy';

export const API_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте ещё раз через минуту.';
export const BODY_TOO_LARGE_MESSAGE = 'Запрос слишком большой.';
export const SITEMAP_API_PATH = '/api/excursion/public/sitemap.xml';

/**
 * Whether the api broke the connection off while the client's body was still coming: what the api does (Fastify: a 413
 * and `Connection: close`) to a body over its limit. Its 413 may be lost in the race with our write of the rest
 * (EPIPE, ECONNRESET), so the proxy answers the same 413; a body already received in full gets the usual 502.
 */
export function bodyRefused(request, error) {
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || Boolean(request.headers['transfer-encoding']);
  return hasBody && !request.raw.complete && /EPIPE|ECONNRESET|other side closed/i.test(String(error?.message ?? ''));
}

/** @param {import('fastify').FastifyInstance} app @param {string} apiUrl */
export async function registerApiProxy(app, apiUrl) {
  // as a reverse proxy would: the api sees the visitor's address (rate limits per IP)
  const replyOptions = {
    // `Expect: 100-continue` (curl sends it with bodies over 1 MB) was answered here, by node's server; the proxy's
    // http client refuses requests that carry it, which made every such request a 502
    rewriteRequestHeaders: (request, { expect: _answeredHere, ...headers }) => ({
      ...headers,
      // this server is the edge: what a client claims in its own X-Forwarded-For is not passed on
      'x-forwarded-for': request.ip,
      'x-forwarded-proto': request.protocol,
      'x-forwarded-host': request.headers.host ?? '',
    }),
    // the api is down or still starting: an answer in the api's own error shape, in Russian, not a proxy stack trace
    onError: (reply, { error }) => {
      // the rest of an unread body would be taken for the next request: the connection ends with this answer
      if (!reply.request.raw.complete) reply.header('Connection', 'close');
      if (bodyRefused(reply.request, error)) return reply.code(413).send({ message: BODY_TOO_LARGE_MESSAGE, errors: {} });
      const status = error?.statusCode === 504 ? 504 : 502;
      return reply.code(status).header('Retry-After', '5').send({ message: API_UNAVAILABLE_MESSAGE, errors: {} });
    },
  };
  // an answer that comes before the client's whole body (the api's early 413) ends the connection: the unread rest
  // would otherwise be parsed as the next request on this keep-alive connection, or hold it forever
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete && request.raw.method !== 'GET' && request.raw.method !== 'HEAD') reply.header('Connection', 'close');
    return payload;
  });
  for (const prefix of ['/api', '/socket']) {
    await app.register(fastifyProxy, { upstream: apiUrl, prefix, rewritePrefix: prefix, http2: false, replyOptions });
  }
  // the sitemap is made by the api from the database; search engines look for it at the site's root
  await app.register(fastifyProxy, { upstream: apiUrl, prefix: '/sitemap.xml', rewritePrefix: SITEMAP_API_PATH, http2: false, httpMethods: ['GET', 'HEAD'], replyOptions });
  await app.register(fastifyProxy, {
    upstream: apiUrl,
    prefix: '/app',
    rewritePrefix: '/app',
    websocket: true,
    // the api caps sockets per visitor address and checks the page's Origin: pass both through
    wsClientOptions: {
      rewriteRequestHeaders: (headers, request) => ({
        ...headers,
        'x-forwarded-for': request.ip,
        ...(request.headers.origin ? { origin: request.headers.origin } : {}),
      }),
    },
  });
}
