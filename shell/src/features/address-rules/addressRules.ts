// Spec §2 "Address rules" as pure functions of a URL: the loaders only act on what these return.

/** What the address rules ask for: store a login token, or move to a normalised address. */
export type AddressAction = { kind: 'token'; token: string; to: string } | { kind: 'redirect'; to: string };

/** Where a `?token=` address sends the visitor once the token is stored. */
export const TOKEN_LANDING = '/account/user';

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Lowercase one encoded path segment; letters hidden in %XX escapes (e.g. Cyrillic) are lowercased too. */
function lowerSegment(segment: string): string {
  const decoded = safeDecode(segment);
  // malformed escapes: lowercasing their hex digits keeps the same bytes
  if (decoded === null) return segment.toLowerCase();
  const lower = decoded.toLowerCase();
  return lower === decoded ? segment : encodeURIComponent(lower);
}

function hasCapitals(pathname: string): boolean {
  const decoded = safeDecode(pathname) ?? pathname;
  return decoded !== decoded.toLowerCase();
}

/** The canonical form of a path: lowercase, and no trailing slash except on the root. */
export function normalizePathname(pathname: string): string {
  const lowered = hasCapitals(pathname) ? pathname.split('/').map(lowerSegment).join('/') : pathname;
  const trimmed = lowered.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The action the address rules require for this URL, or null when it is already fine. */
export function resolveAddress(url: URL): AddressAction | null {
  const token = url.searchParams.get('token');
  if (token) return { kind: 'token', token, to: TOKEN_LANDING };
  const pathname = normalizePathname(url.pathname);
  if (pathname === url.pathname) return null;
  return { kind: 'redirect', to: `${pathname}${url.search}` };
}
