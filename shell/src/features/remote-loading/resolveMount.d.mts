/** The mount owning a path: the longest matching prefix wins (case-insensitive, like the router). */
export function resolveMount<M extends { prefix: string }>(path: string, mounts: readonly M[]): M | null;
