import type { LayoutName } from '@excursio/shared';

/** Where one remote's `./routes` is patched into the shell's route tree. */
export interface Mount {
  /** One patch per key (a remote may be mounted in several places). */
  key: string;
  /** Path prefix the mount owns. A trailing '*' means any continuation; otherwise whole segments only. */
  prefix: string;
  /** Federation name of the remote that owns the prefix. */
  remote: string;
  /** Id of the pathless mount route to patch into. */
  routeId: string;
  /** Path of the route that wraps the remote's (relative) routes. */
  path: string;
  /** Layout of the fallback shown when the remote cannot be loaded. */
  fallbackLayout: LayoutName;
}

function owns(prefix: string, path: string): boolean {
  if (prefix.endsWith('*')) return path.startsWith(prefix.slice(0, -1));
  if (prefix === '/') return path.startsWith('/');
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The mount owning a path: the longest matching prefix wins (case-insensitive, like the router). */
export function resolveMount(path: string, mounts: readonly Mount[]): Mount | null {
  const lower = path.toLowerCase();
  const byLength = [...mounts].sort((a, b) => b.prefix.replace('*', '').length - a.prefix.replace('*', '').length);
  return byLength.find((mount) => owns(mount.prefix, lower)) ?? null;
}
