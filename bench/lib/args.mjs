// Command-line options of `npm run bench`.
export const PAGE_KEYS = ['home', 'city', 'excursion'];
/** The partner's orders list and dashboard calls, as the demo partner (issue 24 item 17: in the default set). */
export const PARTNER_API_KEYS = ['partner-orders', 'partner-requests', 'partner-soon', 'partner-unread', 'partner-reviews', 'partner-month'];
/** The back office's calls, as the demo staff account (issue 27: the moderation queue, p99 <= 50 ms at 50 connections). */
export const STAFF_API_KEYS = ['moderation-queue'];
/** Every call measured by default: public, signed in as the demo customer, the partner's and the back office's. */
export const API_KEYS = ['cities', 'list', 'detail', 'profile', 'orders', 'favorites', ...PARTNER_API_KEYS, ...STAFF_API_KEYS];

const pageAlias = { '/': 'home', home: 'home', city: 'city', excursion: 'excursion' };

export function parseArgs(argv) {
  const opts = {
    strict: false,
    quick: false,
    url: undefined,
    apiUrl: undefined,
    pages: PAGE_KEYS,
    api: API_KEYS,
    build: undefined,
    lighthouse: true,
    out: undefined,
    realtime: 5000,
    ssr: undefined,
    ssrMemory: false,
    releases: false,
    topology: false,
    search: undefined,
    searchScale: undefined,
  };
  const list = (value, alias, allowed, name) =>
    value.split(',').map((v) => {
      const key = alias ? alias[v] : v;
      if (!key || !allowed.includes(key)) throw new Error(`--${name}: unknown "${v}" (one of ${allowed.join(', ')})`);
      return key;
    });
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--strict') opts.strict = true;
    else if (arg === '--quick') opts.quick = true;
    else if (arg === '--url') opts.url = next().replace(/\/$/, '');
    else if (arg === '--api-url') opts.apiUrl = next().replace(/\/$/, '');
    else if (arg === '--pages') opts.pages = next() === 'none' ? [] : list(argv[i], pageAlias, PAGE_KEYS, 'pages');
    else if (arg === '--api') opts.api = next() === 'none' ? [] : list(argv[i], null, API_KEYS, 'api');
    else if (arg === '--build') opts.build = true;
    else if (arg === '--no-build') opts.build = false;
    else if (arg === '--no-lighthouse') opts.lighthouse = false;
    else if (arg === '--out') opts.out = next();
    else if (arg === '--realtime') {
      const n = next();
      opts.realtime = n === 'none' ? 0 : Number(n);
      if (!Number.isInteger(opts.realtime) || opts.realtime < 0) throw new Error('--realtime: a number of sockets, or none');
    }
    else if (arg === '--ssr') {
      const n = next();
      opts.ssr = n === 'none' ? 0 : Number(n);
      if (!Number.isFinite(opts.ssr) || opts.ssr < 0) throw new Error('--ssr: seconds per page and variant, or none');
    } else if (arg === '--ssr-memory') opts.ssrMemory = true;
    else if (arg === '--releases') opts.releases = true;
    else if (arg === '--topology') opts.topology = true;
    else if (arg === '--search') {
      const n = next();
      opts.search = n === 'none' ? 0 : Number(n);
      if (!Number.isFinite(opts.search) || opts.search < 0) throw new Error('--search: seconds per call, or none');
    } else if (arg === '--search-scale') {
      opts.searchScale = Number(next());
      if (!Number.isInteger(opts.searchScale) || opts.searchScale < 1) throw new Error('--search-scale: a whole number, 1 or more');
    }
    else if (arg === '--help' || arg === '-h') opts.help = true;
    else throw new Error(`unknown option ${arg}`);
  }
  // a clean build deletes dist/, which a stack we did not start may be serving
  if (opts.build === undefined) opts.build = !opts.url;
  // seven: with no script in a page's first view, its TBT and its static copy's are the same style and layout work, tens
  // of milliseconds that vary from run to run (14–272 ms for one page in seven runs here); the medians of three did not
  // compare them, those of five failed either way by chance (issue 30 §2)
  opts.lighthouseRuns = opts.quick ? 1 : 7;
  opts.apiSeconds = opts.quick ? 2 : 10;
  opts.ssr ??= opts.quick ? 1 : 5;
  opts.search ??= opts.quick ? 2 : 10;
  opts.searchScale ??= opts.quick ? 2 : 100;
  if (opts.quick && opts.realtime > 500) opts.realtime = 500;
  return opts;
}

export const usage = `npm run bench -- [options]
  --url <shell url>     measure a running stack instead of starting one (no clean build unless --build)
  --api-url <url>       api base for autocannon (default: the started api, or --url)
  --pages /,city,excursion|none   pages to measure
  --api cities,list,detail,profile,orders,favorites,partner-orders,partner-requests,partner-soon,partner-unread,
        partner-reviews,partner-month,moderation-queue|none   api calls (default: all). profile, orders, favorites are
                        signed in as the demo customer (a token from /api/dev/login-as, or BENCH_TOKEN), partner-* as the
                        demo partner (its orders list and dashboard), moderation-queue as the demo staff account (the back
                        office's queue); each p99 <= 50 ms at 50 connections, 0 errors
  --quick               1 Lighthouse run, 2 s autocannon   --no-build   skip the clean build timing
  --no-lighthouse       skip Lighthouse               --strict   exit 1 when a budget fails
  --realtime <N>|none   N sockets on private channels, events through the api: delivery p50/p95/p99, lost, api memory
                        (default 5000; 500 with --quick)
  --ssr <seconds>|none  server rendering of the pages: TTFB p50/p95 at 10 concurrent, pages/s, CPU per page — rendered,
                        with the catalog remote down, and with SSR=off (default 5 s per page and variant; 1 with --quick)
  --ssr-memory          also 10,000 renders and 20 render-worker generation swaps, with memory along the way
  --releases            also release → first page, rollback → first page and a returning visitor's bytes after a
                        one-page release (bench/releases.mjs: its own api and servers on ports moved by 20000)
  --topology            also the topology's budgets (bench/topology.mjs): through HAProxy with 2 api processes and 2 shell
                        servers on the local PostgreSQL and Redis, cached catalog p99 <= 20 ms and signed-in p99 <= 50 ms
                        at 50 connections, recovery after a SIGKILL of an api process <= 5 s (needs \`npm run build\`
                        and haproxy; ports TOPOLOGY_PORT_BASE, 20000 by default)
  --search <seconds>|none   search: suggestions and results at 50 connections, uncached, on PGlite (and PostgreSQL
                        with DATABASE_URL), p99 <= 50 ms; the index build time (default 10 s per call; 2 with --quick)
  --search-scale <N>    the index build is also timed on the catalog grown N× (default 100; 2 with --quick)
  --out <file>          report path (default bench/report.json)`;
