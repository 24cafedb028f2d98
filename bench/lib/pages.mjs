// Front end in Chromium, cold cache (a fresh context per page): bytes and requests by type, remotes loaded,
// singletons loaded twice; also the rendered page captured as plain HTML + CSS (no JS) for the static limit.
import { apps } from '../../shell/server/apps.mjs';
import { launchBrowser } from './browser.mjs';
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

/** Serialise the rendered DOM without scripts, stylesheets inlined, URLs made absolute. */
async function captureStatic(page) {
  return page.evaluate(async () => {
    const doc = document.documentElement.cloneNode(true);
    for (const el of doc.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="script"]')) el.remove();
    for (const link of doc.querySelectorAll('link[rel="stylesheet"]')) {
      const res = await fetch(link.href);
      const style = document.createElement('style');
      const base = link.href;
      style.textContent = (await res.text()).replace(/url\((['"]?)(?!data:|https?:|\/\/)([^'")]+)\1\)/g, (_, q, u) => `url(${q}${new URL(u, base).href}${q})`);
      link.replaceWith(style);
    }
    for (const img of doc.querySelectorAll('img[src]')) img.setAttribute('src', new URL(img.getAttribute('src'), location.href).href);
    for (const a of doc.querySelectorAll('[srcset]')) a.removeAttribute('srcset');
    return `<!doctype html>\n${doc.outerHTML}`;
  });
}

export async function measurePages(shellUrl, paths, { capture = true } = {}) {
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
      // a server-rendered page loads its scripts after its first paint: it is measured once it is live
      await page.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: 15_000 }).catch(() => {});
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
      const loadMs = Date.now() - started;
      await Promise.allSettled(pending);
      const sum = (kind) => rows.filter((r) => r.kind === kind);
      const bytes = (list) => kb(list.reduce((a, r) => a + Math.max(0, r.body) + Math.max(0, r.headers), 0));
      const js = sum('js');
      const remotes = [...new Set(rows.filter((r) => /mf-manifest\.json|remoteEntry(\.[0-9a-f]{12})?\.js/.test(r.url)).map((r) => remoteOfPort.get(new URL(r.url).port)).filter(Boolean))];
      const singles = singletonOrigins(index, js.map((r) => r.url));
      pages[key] = {
        path: pathname,
        jsKB: bytes(js),
        jsRequests: js.length,
        cssKB: bytes(sum('css')),
        cssRequests: sum('css').length,
        imgKB: bytes(sum('img')),
        imgRequests: sum('img').length,
        apiRequests: sum('api').length,
        requests: rows.length,
        failedRequests: failed,
        totalKB: bytes(rows),
        remotes,
        jsFiles: js
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
