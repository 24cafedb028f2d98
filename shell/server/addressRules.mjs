// The page addresses the server answers for: the canonical form a page address redirects to, and the site's origin a
// request came through (for a page's canonical and structured-data addresses and robots.txt).
import { normalizePathname } from '../src/features/address-rules/canonicalPath.mjs';

/** A request URL cut into its path and its query (`?…`, or ''). */
export function splitUrl(url) {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/**
 * Where a page address must move to (null: it is canonical). Leading slashes and backslashes collapse to one, so the
 * Location is always a path of this site: `//evil.example/` never becomes a protocol-relative address.
 */
export function canonicalTarget(pathname) {
  const canonical = normalizePathname(pathname);
  const local = `/${canonical.replace(/^[/\\]+/, '')}`;
  return local === pathname ? null : local;
}

/**
 * The site's origin for a page's canonical and structured-data addresses and robots.txt: the one the request came
 * through when it is a configured origin (FRONTEND_ORIGINS, or the server's own `http://localhost:<port>` without
 * it), the first configured one otherwise — in every mode, a forged Host never reaches the HTML.
 * @param {{ protocol: string, host: string }} request @param {string[]} origins at least one
 */
export function siteOrigin(request, origins) {
  const own = `${request.protocol}://${request.host}`;
  return origins.includes(own) ? own : origins[0];
}
