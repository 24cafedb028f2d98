// What operators watch on the shell server (issue 29 §4): GET /metrics in the Prometheus text format (prom-client),
// never public — on an internal port (METRICS_PORT, a plain listener kept out of the balancer) and/or on the server's
// port to the bearer of METRICS_TOKEN; with neither, /metrics is an ordinary unknown address.
// Measured: request latency by route pattern, the server renderings (time by outcome, fallbacks), the render cache's
// answers when a cache says so (an `x-render-cache` header), and the process defaults (memory, event-loop lag, GC).
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const sameToken = (given, expected) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * @param {{ app: string }} opts the app's folder (a label: the shell and each remote's server)
 */
export function createServerMetrics({ app: appName }) {
  const registry = new Registry();
  registry.setDefaultLabels({ app: appName });
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'excursio_web_request_duration_seconds',
    help: 'Shell and remote server request latency by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const renders = new Histogram({
    name: 'excursio_ssr_render_duration_seconds',
    help: 'Server renderings by outcome (page, redirect, client, fallback)',
    labelNames: ['outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'excursio_ssr_fallbacks_total',
    help: 'Pages of the server-rendered remote sent client-rendered instead (remote down, slow, failing)',
    registers: [registry],
  });
  const renderCache = new Counter({
    name: 'excursio_ssr_cache_total',
    help: "The render cache's answers, from its x-render-cache header (hit, stale, miss, …)",
    labelNames: ['result'],
    registers: [registry],
  });

  /** The internal listener, once started: closed with the app. */
  let internal = null;
  return {
    registry,
    /** The renderer with every render() timed by its outcome; `null` answers (failures) count as fallbacks. */
    instrument(renderer) {
      if (!renderer) return renderer;
      const render = renderer.render;
      renderer.render = async (...args) => {
        const started = performance.now();
        let outcome = 'fallback';
        try {
          const result = await render(...args);
          outcome = result?.kind ?? 'fallback';
          return result;
        } finally {
          renders.observe({ outcome }, (performance.now() - started) / 1000);
          if (outcome === 'fallback') fallbacks.inc();
        }
      };
      return renderer;
    },
    /**
     * On a Fastify app: request latency for every answer, and GET /metrics for the token's bearer (METRICS_TOKEN).
     * @param {import('fastify').FastifyInstance} app
     * @param {{ token?: string }} opts
     */
    register(app, { token } = {}) {
      if (internal) app.addHook('onClose', () => new Promise((resolve) => internal.close(() => resolve())));
      app.addHook('onResponse', async (request, reply) => {
        // a page (./pages.mjs) by its kind, whichever route or fallback served it; else the route's pattern, never the URL
        const route = request.metricsRoute ?? request.routeOptions?.url ?? 'unmatched';
        requests.observe({ route, method: request.method, status: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
        const cache = reply.getHeader('x-render-cache');
        if (cache) renderCache.inc({ result: String(cache) });
      });
      if (!token) return;
      app.get('/metrics', async (request, reply) => {
        const header = String(request.headers.authorization ?? '');
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!sameToken(given, token)) return reply.code(404).send({ message: 'Not Found.' });
        return reply.header('content-type', CONTENT_TYPE).header('cache-control', 'no-store').send(await registry.metrics());
      });
    },
    /** The internal listener (METRICS_PORT): /metrics without a token, nothing else. Resolves with the server. */
    listen(port, host = '0.0.0.0') {
      const server = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return res.writeHead(404).end('Not Found');
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
          () => res.writeHead(500).end('metrics failed'),
        );
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          internal = server;
          resolve(server);
        });
      });
    },
  };
}
