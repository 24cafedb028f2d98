// Warm-up before the api listens (issue 29: recovery after a process dies). A restarted process that joins the balancer
// cold answers its first requests slowly: empty catalog cache, code not yet compiled by V8's optimising tiers, the
// database pool's connections not yet open. The balancer sends it its share at once, so the whole site's rate dips
// while it warms. Here the public catalog's hottest calls run through the app in memory (`inject`: every hook,
// validation and serialisation, no socket) a few rounds before the port opens; readiness only answers once they did.
// Signed-in calls are warmed as far as the warm-up may go without anyone's account: up to the token lookup.
import { newTokenValue } from './features/auth/tokens';
import { PUBLIC } from './features/catalog/paths';

/** The public calls every page view makes or leads to: the index page, the list (first page of 12 and of 24), cities, the version. */
export const WARM_UP_PATHS: readonly string[] = [
  `${PUBLIC}/home`,
  `${PUBLIC}/excursions?per_page=12`,
  `${PUBLIC}/excursions`,
  `${PUBLIC}/excursion/cities`,
  `${PUBLIC}/catalog-version`,
];

/**
 * The signed-in reads every account page makes (profile, orders, favorites). The warm-up has no account to sign in
 * with and makes none, so it calls them with a well-formed token that belongs to no one: the bearer parsing, the token
 * lookup's query on a pooled connection, the guard and the 401 answer run warm; the handlers themselves stay cold.
 */
export const WARM_UP_SIGNED_IN_PATHS: readonly string[] = ['/api/excursion/partner/profile', '/api/excursion/user/order', '/api/excursion/user/favorite'];

interface Injector {
  inject(options: { method: 'GET'; url: string; headers?: Record<string, string> }): PromiseLike<{ statusCode: number; body: string }>;
}

export interface WarmUpReport {
  requests: number;
  /** Answers other than 2xx, or a call that threw: counted, never a reason not to start. */
  failed: number;
  ms: number;
}

/** The first listed excursion's detail call, from a list answer (null when the list is empty or not as expected). */
export function detailPathOf(listBody: string): string | null {
  try {
    const first = (JSON.parse(listBody) as { data?: { data?: Array<{ slug: string; city: { slug: string }; region: { slug: string } }> } }).data?.data?.[0];
    return first ? `${PUBLIC}/excursion/${first.region.slug}/${first.city.slug}/${first.slug}` : null;
  } catch {
    return null;
  }
}

/**
 * `rounds` rounds of the warm-up calls, one at a time (the process has nothing else to do yet), stopping early once
 * `budgetMs` have passed: a slow database delays the start by at most that much. The first list answer names an
 * excursion whose page is warmed too.
 */
export async function warmUp(app: Injector, { rounds, budgetMs = 1000 }: { rounds: number; budgetMs?: number }): Promise<WarmUpReport> {
  const started = performance.now();
  const report: WarmUpReport = { requests: 0, failed: 0, ms: 0 };
  const paths = [...WARM_UP_PATHS];
  // a fresh token's value, as sign-in makes (auth/tokens.ts): that it is someone's is as likely as guessing one, and it
  // lives in this loop only
  const nobody = { authorization: `Bearer ${newTokenValue()}` };
  let detailLookedFor = false;
  const call = async (url: string, headers?: Record<string, string>): Promise<{ statusCode: number; body: string } | null> => {
    report.requests += 1;
    try {
      return await app.inject({ method: 'GET', url, ...(headers && { headers }) });
    } catch {
      report.failed += 1;
      return null;
    }
  };
  for (let round = 0; round < rounds && performance.now() - started < budgetMs; round++) {
    // `paths` grows by the excursion page during the first round, which this loop then reaches too
    for (const url of paths) {
      const response = await call(url);
      if (!response) continue;
      if (response.statusCode < 200 || response.statusCode >= 300) report.failed += 1;
      else if (!detailLookedFor && url.startsWith(`${PUBLIC}/excursions?`)) {
        detailLookedFor = true;
        const detail = detailPathOf(response.body);
        if (detail) paths.push(detail);
      }
    }
    for (const url of WARM_UP_SIGNED_IN_PATHS) {
      const response = await call(url, nobody);
      if (response && response.statusCode !== 401) report.failed += 1;
    }
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
