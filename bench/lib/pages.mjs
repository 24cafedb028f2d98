// Front end in Chromium, cold cache (a fresh context per page): bytes and requests by type, remotes loaded,
// singletons loaded twice; also the rendered page captured as plain HTML + CSS (no JS) for the static limit.
import { apps } from '../../shell/server/apps.mjs';
import { LIGHTHOUSE_PHONE, launchBrowser } from './browser.mjs';
import { kb } from './gzip.mjs';
import { loadChunkIndex, singletonOrigins } from './singletons.mjs';

/** Seeded slugs → the three page paths. */
export async function resolvePages(shellUrl, keys) {
  const get = async (p) => {
    const res = await fetch(`${shellUrl}${p}`, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return (await res.json()).data;
  };
  const paths = { home: '/' };
  if (keys.includes('city')) {
    const city = (await get('/api/excursion/public/excursion/cities?limit=1')).data[0];
    paths.city = `/excursion/${city.region_slug}/${city.slug}`;
  }
  if (keys.includes('excursion')) {
    const ex = (await get('/api/excursion/public/excursions?per_page=1')).data[0];
    paths.excursion = `/excursion/${ex.region.slug}/${ex.city.slug}/${ex.slug}`;
  }
  return Object.fromEntries(keys.map((k) => [k, paths[k]]));
}

const kindOf = (type, url) => {
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'image') return 'img';
  if (type === 'font') return 'font';
  if (url.includes('/api/')) return 'api';
  return 'other';
};

const remoteOfPort = new Map(apps.filter((a) => !a.host).map((a) => [String(a.port), a.dir]));

/**
 * Serialise the rendered DOM without scripts, stylesheets inlined; the page's own files (its photos under /api/media)
 * keep their root-relative addresses, so that the static copy, served with the same proxy to the api
 * (./staticLimit.mjs), loads them from its own origin as our page does. They were absolute, on the shell's origin, and
 * the static server's `img-src 'self'` blocked every one of them: the copy we compared with had no photo to decode or
 * paint (Lighthouse: 58 image requests, all failed, on the home page's copy).
 */
async function captureStatic(page) {
  return page.evaluate(async () => {
    const own = (href) => {
      const u = new URL(href, location.href);
      return u.origin === location.origin ? `${u.pathname}${u.search}` : u.href;
    };
    const doc = document.documentElement.cloneNode(true);
    for (const el of doc.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="script"]')) el.remove();
    for (const link of doc.querySelectorAll('link[rel="stylesheet"]')) {
      const res = await fetch(link.href);
      const style = document.createElement('style');
      const base = link.href;
      style.textContent = (await res.text()).replace(/url\((['"]?)(?!data:|https?:|\/\/)([^'")]+)\1\)/g, (_, q, u) => `url(${q}${own(new URL(u, base).href)}${q})`);
      link.replaceWith(style);
    }
    for (const img of doc.querySelectorAll('img[src]')) img.setAttribute('src', own(img.getAttribute('src')));
    for (const el of doc.querySelectorAll('[srcset]')) {
      el.setAttribute('srcset', el.getAttribute('srcset').split(',').map((c) => c.trim().replace(/^\S+/, (u) => own(u))).join(', '));
    }
    return `<!doctype html>\n${doc.outerHTML}`;
  });
}

/** A phone as Lighthouse's mobile run takes it: 4× slower CPU, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_PHONE = { cpuRate: 4, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * The cost of starting on intent (shell/server/startOnIntent.mjs), on a slow phone with a cold cache: from the visitor's
 * first touch of a loaded page to the page being live, its scripts fetched and the page hydrated.
 */
async function slowPhoneIntentToLive(browser, url) {
  const context = await browser.newContext(LIGHTHOUSE_PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_PHONE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuRate });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    const touched = Date.now();
    await page.touchscreen.tap(200, 400).catch(() => page.mouse.move(200, 400));
    await page.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: 60_000 });
    return Date.now() - touched;
  } catch {
    return null;
  } finally {
    await context.close();
  }
}

/**
 * Each page in a fresh context, as a first visit: `jsKB` is what the page loads before the visitor acts (the first
 * view, issue 30's ≤ 130 KB); then the pointer moves over it and `started` is what that loads (its files, attributed by
 * bench/run.mjs) and how long from the move until the page is live; `slowPhone` times the same on a throttled phone.
 */
export async function measurePages(shellUrl, paths, { capture = true, slowPhone = true } = {}) {
  const index = await loadChunkIndex();
  const browser = await launchBrowser();
  const pages = {};
  const statics = {};
  try {
    for (const [key, pathname] of Object.entries(paths)) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const rows = [];
      const pending = [];
      // (a request that finishes while the context closes has no sizes any more: it is left out, never a crash)
      page.on('requestfinished', (request) =>
        pending.push(
          request
            .sizes()
            .then((s) => rows.push({ url: request.url(), kind: kindOf(request.resourceType(), request.url()), body: s.responseBodySize, headers: s.responseHeadersSize }))
            .catch(() => undefined),
        ),
      );
      let failed = 0;
      page.on('requestfailed', () => failed++);
      const started = Date.now();
      await page.goto(`${shellUrl}${pathname}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
      const loadMs = Date.now() - started;
      await Promise.allSettled(pending);
      const firstView = rows.splice(0);
      // the visitor acts: the page starts its scripts (a signed-in page or an older shell has started them already)
      const acted = Date.now();
      await page.mouse.move(300, 300);
      await page.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: 15_000 }).catch(() => {});
      const intentToLiveMs = Date.now() - acted;
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
      await new Promise((r) => setTimeout(r, 500));
      await Promise.allSettled(pending);
      const afterIntent = rows.splice(0);
      const all = [...firstView, ...afterIntent];
      const of = (list, kind) => list.filter((r) => r.kind === kind);
      const bytes = (list) => kb(list.reduce((a, r) => a + Math.max(0, r.body) + Math.max(0, r.headers), 0));
      const startedJs = of(afterIntent, 'js');
      const remotes = [...new Set(all.filter((r) => /mf-manifest\.json|remoteEntry(\.[0-9a-f]{12})?\.js/.test(r.url)).map((r) => remoteOfPort.get(new URL(r.url).port)).filter(Boolean))];
      const singles = singletonOrigins(index, of(all, 'js').map((r) => r.url));
      pages[key] = {
        path: pathname,
        jsKB: bytes(of(firstView, 'js')),
        jsRequests: of(firstView, 'js').length,
        cssKB: bytes(of(firstView, 'css')),
        cssRequests: of(firstView, 'css').length,
        imgKB: bytes(of(firstView, 'img')),
        imgRequests: of(firstView, 'img').length,
        apiRequests: of(firstView, 'api').length,
        requests: firstView.length,
        failedRequests: failed,
        totalKB: bytes(firstView),
        started: {
          jsKB: bytes(startedJs),
          jsRequests: startedJs.length,
          apiRequests: of(afterIntent, 'api').length,
          intentToLiveMs,
          slowPhoneIntentToLiveMs: slowPhone ? await slowPhoneIntentToLive(browser, `${shellUrl}${pathname}`) : null,
        },
        remotes,
        // the files attributed (bench/lib/jsAttribution.mjs): all the page's scripts, those the visitor's first move loads
        jsFiles: of(all, 'js')
          .map((r) => ({ url: r.url.replace(shellUrl, ''), kb: kb(Math.max(0, r.body) + Math.max(0, r.headers)) }))
          .sort((a, b) => b.kb - a.kb),
        singletons: singles.origins,
        singletonsTwice: singles.twice,
        loadMs,
        title: await page.title(),
      };
      if (capture) statics[key] = await captureStatic(page);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { pages, statics };
}
