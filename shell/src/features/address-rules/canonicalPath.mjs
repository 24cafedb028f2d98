// The canonical form of a path (spec §2, address rules), written once for the router and the shell's server: the
// browser replaces a wrong address without a history entry, the server answers it with a 301 before any page.

function safeDecode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Lowercase one encoded path segment; letters hidden in %XX escapes (e.g. Cyrillic) are lowercased too. */
function lowerSegment(segment) {
  const decoded = safeDecode(segment);
  // malformed escapes: lowercasing their hex digits keeps the same bytes
  if (decoded === null) return segment.toLowerCase();
  const lower = decoded.toLowerCase();
  return lower === decoded ? segment : encodeURIComponent(lower);
}

function hasCapitals(pathname) {
  const decoded = safeDecode(pathname) ?? pathname;
  return decoded !== decoded.toLowerCase();
}

/** The canonical form of a path: lowercase, and no trailing slash except on the root. */
export function normalizePathname(pathname) {
  const lowered = hasCapitals(pathname) ? pathname.split('/').map(lowerSegment).join('/') : pathname;
  const trimmed = lowered.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
