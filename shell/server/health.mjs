// /live and /ready, for load balancers and the stack starters (scripts/stack.mjs, the e2e suite).

/**
 * Alive as soon as it listens; ready once its first render generation is warm or rendering is off or given up (a
 * shell taking traffic before then would serve its first pages unrendered), and, for the shell, once the api it
 * proxies has answered (before then every page's data and sign-in would be a 502). Once it has, a later failed probe
 * is reported (`api: 'down'`) but leaves the shell ready: every shell asks the same api, so a slow or restarting api
 * would take all of them out of the balancer at once and turn its trouble into no pages at all (found by
 * `npm run topology`: 503 «No server is available» on a loaded machine); pages render without the api's data.
 * @param {import('fastify').FastifyInstance} app
 * A draining server (SIGTERM: serve.mjs) is not ready while it still serves, so the balancer stops sending it traffic.
 * @param {{ apiUrl?: string, ssr?: { readiness?: () => string }, state?: { draining: boolean } }} opts
 */
export function registerHealth(app, { apiUrl, ssr, state }) {
  let apiSeen = false;
  app.get('/live', (request, reply) => reply.header('Cache-Control', 'no-store').send({ live: true }));
  const apiAnswers = async () => {
    try {
      return (await fetch(`${apiUrl}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      return false;
    }
  };
  app.get('/ready', async (request, reply) => {
    const rendering = ssr?.readiness?.() ?? 'off';
    const api = apiUrl ? ((await apiAnswers()) ? 'up' : 'down') : null;
    if (api === 'up') apiSeen = true;
    const draining = Boolean(state?.draining);
    const ready = rendering !== 'starting' && rendering !== 'idle' && (api !== 'down' || apiSeen) && !draining;
    const body = api ? { ready, rendering, api } : { ready, rendering };
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(draining ? { ...body, draining } : body);
  });
}
