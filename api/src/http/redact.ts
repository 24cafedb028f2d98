/**
 * Query parameters whose values are secrets: sign-in link tokens, codes, auth ids, Pusher signatures, keys, the
 * providers' credentials (SMS.ru's `api_id`, a shop id, a password as `psw`).
 * Matched on the parameter name (case-insensitive, anywhere in the name: `token`, `access_token`, `auth_id` …).
 */
const SECRET_PARAM = /token|auth|code|secret|signature|password|passwd|psw|key|session|sig\b|api_?id|shop_?id/i;

export const REDACTED = '[REDACTED]';

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return eq !== -1 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A URL (absolute or path + query) with the values of secret query parameters replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = hash === -1 ? url.slice(q + 1) : url.slice(q + 1, hash);
  const tail = hash === -1 ? '' : url.slice(hash);
  return `${url.slice(0, q + 1)}${redactQuery(query)}${tail}`;
}

/** Every URL-looking query string inside free text (e.g. a page address in a frontend error report) redacted. */
export function redactUrlsInText(text: string): string {
  return text.replace(/\?[^\s#"'<>]*/g, (query) => `?${redactQuery(query.slice(1))}`);
}
