/** The canonical form of a path: lowercase, and no trailing slash except on the root. */
export function normalizePathname(pathname: string): string;
