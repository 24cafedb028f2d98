// Which mount owns a path. Plain JavaScript so the shell (router) and the shell server (preload hints) run this one
// implementation; types in resolveMount.d.mts.

function owns(prefix, path) {
  if (prefix.endsWith('*')) return path.startsWith(prefix.slice(0, -1));
  if (prefix === '/') return path.startsWith('/');
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The mount owning a path: the longest matching prefix wins (case-insensitive, like the router). */
export function resolveMount(path, mounts) {
  const lower = path.toLowerCase();
  const byLength = [...mounts].sort((a, b) => b.prefix.replace('*', '').length - a.prefix.replace('*', '').length);
  return byLength.find((mount) => owns(mount.prefix, lower)) ?? null;
}
