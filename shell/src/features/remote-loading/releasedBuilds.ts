// Which released builds a remote list names (scripts/release.mjs, shell/server/releases.mjs): read at start-up (the
// page's error reports name them), apart from the release watch (./releaseWatch.ts), which loads on demand.

/** A released build's entry: …/<app folder>/<build hash>/remoteEntry….js (scripts/release.mjs, shell/server/releases.mjs). */
const RELEASED_ENTRY = /\/(shell|mfe-[a-z][a-z-]*)\/([0-9a-f]{8,64})\/[^/]+$/;

/** App folder → build hash of the released builds in a remote list (none before any release). */
export function releasedBuilds(list: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of Object.values(list)) {
    let pathname = '';
    try {
      pathname = new URL(entry).pathname;
    } catch {
      continue;
    }
    const match = RELEASED_ENTRY.exec(pathname);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}
