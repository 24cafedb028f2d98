// Security headers of the static servers (issue 16, finding 6): the shell's pages get a CSP built from the registered
// remotes and the runtime config, no framing, no sniffing, a strict Referrer-Policy and a Permissions-Policy; the
// remotes' files may be used from another origin (CORP cross-origin) but are never sniffed. HSTS only in production.
import { createHash } from 'node:crypto';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Deployed in production: APP_ENV decides when set (scripts/stack.mjs and the e2e set it), else NODE_ENV. */
export const isProduction = (env = process.env) => (env.APP_ENV ? env.APP_ENV === 'production' : env.NODE_ENV === 'production');

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * CSP hashes of the inline scripts a page would execute: `<script>` blocks without `src`; data blocks
 * (`type="application/json"`, like the inlined runtime settings) are never executed and need none.
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    hashes.push(sha256(m[2]));
  }
  return [...new Set(hashes)];
}

/** The origin of an absolute http(s)/ws(s) URL, or null (relative, empty or malformed: the page's own origin). */
export function originOf(url) {
  if (!url || typeof url !== 'string') return null;
  try {
    const u = new URL(url);
    return ['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol) ? u.origin : null;
  } catch {
    return null;
  }
}

/** Where the realtime socket connects when the config names a host (empty host: the page's own origin, 'self'). */
export function realtimeOrigin(realtime) {
  const host = realtime?.wsHost;
  if (!host || !/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(host)) return null;
  const scheme = realtime.forceTLS ? 'wss' : 'ws';
  const port = Number(realtime.wsPort) > 0 ? `:${Number(realtime.wsPort)}` : '';
  return `${scheme}://${host}${port}`;
}

const uniq = (list) => [...new Set(list.filter(Boolean))];

/**
 * The shell page's Content-Security-Policy.
 * @param {{ remotes: Record<string, string>, config: { apiBase?: string, realtime?: object, countryLookupUrl?: string|null },
 *   scriptHashes?: string[] }} opts
 */
export function shellCsp({ remotes, config, scriptHashes = [] }) {
  const remoteOrigins = uniq(Object.values(remotes ?? {}).map(originOf));
  const api = originOf(config?.apiBase);
  const connect = uniq([
    "'self'",
    // 'self' also covers ws:/wss: to the page's own host (CSP 3): the realtime socket when the shell proxies /app;
    // an api or realtime host set in the runtime config is added with its ws(s) scheme
    ...remoteOrigins,
    api,
    api && api.replace(/^http/, 'ws'),
    realtimeOrigin(config?.realtime),
    originOf(config?.countryLookupUrl),
  ]);
  const directives = {
    'default-src': ["'self'"],
    // the shell's own chunks, every registered remote's entry and chunks, and the hashed inline start-up script
    'script-src': uniq(["'self'", ...remoteOrigins, ...scriptHashes]),
    // react-toastify (v11) injects its stylesheet as a <style> element at run time (its text lives in the bundle, not
    // in the page); remotes may add their own stylesheets
    'style-src': uniq(["'self'", ...remoteOrigins, "'unsafe-inline'"]),
    'img-src': uniq(["'self'", 'data:', 'blob:', api, ...remoteOrigins]),
    'font-src': uniq(["'self'", 'data:', ...remoteOrigins]),
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers on every response of a static server (shell and remotes). */
export function baseHeaders({ remote = false, production = false } = {}) {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    ...(remote ? { 'Cross-Origin-Resource-Policy': 'cross-origin' } : {}),
    ...(production ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** Headers of a shell page (the HTML), on top of baseHeaders. */
export function pageHeaders({ csp, withToken = false }) {
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // a `?token=` sign-in link: nothing the page fetches before its start-up script has taken the token out of the
    // address may carry it in a Referer (that script then restores the usual policy with a <meta name="referrer">)
    ...(withToken ? { 'Referrer-Policy': 'no-referrer' } : {}),
  };
}

/** Whether a request's query string carries a `token` parameter. */
export function hasTokenParam(url) {
  const q = String(url).split('?')[1];
  if (!q) return false;
  return new URLSearchParams(q.split('#')[0]).has('token');
}
