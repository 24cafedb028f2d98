// The static limit: rendered pages saved as plain HTML + CSS, served by the same static server code on another port,
// with the shell's own Content-Security-Policy (its inline styles allowed, as on our pages) and the same proxy to the api
// as the shell's, so that a copy loads its photos (/api/media) from its own origin as our page does.
import path from 'node:path';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { startStaticServer } from '../../shell/server/staticServer.mjs';
import { shellCsp } from '../../shell/server/securityHeaders.mjs';
import { LIGHTHOUSE_PHONE, launchBrowser } from './browser.mjs';

/** @param {Record<string, string>} statics page key → HTML @param {{ apiUrl: string, port?: number }} opts */
export async function serveStatic(statics, { apiUrl, port = Number(process.env.BENCH_STATIC_PORT ?? 3010) }) {
  const root = await mkdtemp(path.join(tmpdir(), 'excursio-static-'));
  const urls = {};
  for (const [key, html] of Object.entries(statics)) {
    await mkdir(path.join(root, key));
    await writeFile(path.join(root, key, 'index.html'), html);
    urls[key] = `http://127.0.0.1:${port}/${key}/index.html`;
  }
  // the default policy of a static server (`default-src 'self'`) refused every inline <style> and so every rule of
  // the copy: until 2026-12-06 the copy Lighthouse compared us with was unstyled text (found in a screenshot)
  const csp = () => shellCsp({ remotes: {}, config: {} });
  const server = await startStaticServer({ root, port, host: '127.0.0.1', apiUrl, csp });
  return {
    urls,
    close: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function look(browser, url) {
  const context = await browser.newContext(LIGHTHOUSE_PHONE);
  try {
    const page = await context.newPage();
    let failed = 0;
    page.on('requestfailed', () => failed++);
    page.on('response', (res) => res.status() >= 400 && failed++);
    // a refused style, image or font is reported to the page (CSP 3): counted before anything loads
    await page.addInitScript(() => {
      window.__refused = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__refused.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate((failedRequests) => ({
      height: document.documentElement.scrollHeight,
      font: getComputedStyle(document.body).fontFamily,
      refused: window.__refused,
      failedRequests,
    }), failed);
  } finally {
    await context.close();
  }
}

/**
 * Whether each static copy is our page without its scripts, as the phone Lighthouse emulates sees it: the same height
 * (within 2 %: the live header's «Войти» in the copy where ours has a placeholder of its size), the same body font,
 * nothing refused by its policy and no failed request. A copy that is not is no limit to compare with.
 * @param {Record<string, string>} ours page key → our page's URL @param {Record<string, string>} copies page key → the copy's URL
 */
export async function checkStaticCopies(ours, copies) {
  const browser = await launchBrowser();
  try {
    const out = {};
    for (const [key, url] of Object.entries(ours)) {
      const [a, b] = [await look(browser, url), await look(browser, copies[key])];
      const heightRatio = Math.round((b.height / a.height) * 1000) / 1000;
      out[key] = {
        heightRatio,
        oursHeight: a.height,
        copyHeight: b.height,
        sameFont: a.font === b.font,
        refused: b.refused,
        failedRequests: b.failedRequests,
        same: Math.abs(heightRatio - 1) <= 0.02 && a.font === b.font && b.refused.length === 0 && b.failedRequests === 0,
      };
    }
    return out;
  } finally {
    await browser.close();
  }
}
