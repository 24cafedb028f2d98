/**
 * Multi-segment pages (`excursion/<base>/*`: a sight, the reviews or the guides of a place) live beside the region
 * family of routes under /excursion (composition contract), named here as the catalog's route ids name them.
 */
export const REGION_FAMILY = [
  { pattern: ':region', name: 'region' },
  { pattern: ':region/:city', name: 'city' },
  { pattern: ':region/:city/tags/:tagSlug', name: 'tag' },
  { pattern: ':region/:city/:excursionSlug', name: 'excursion' },
  { pattern: ':region/:city/:excursionSlug/order', name: 'checkout' },
] as const;

export interface PrecedencePath {
  path: string;
  /** The region-family route it outranks (its name). */
  outranks: (typeof REGION_FAMILY)[number]['name'];
}

/**
 * react-router ranks `excursion/sight/*` below `excursion/:region/:city/:excursionSlug`, so /excursion/sight/a/b
 * would open an excursion page. For a multi-segment page under `excursion/<base>/*` this returns the region-family
 * shapes with `<base>` written in: static segments outrank dynamic ones, so these send such addresses to the page.
 */
export function splatPrecedencePaths(base: string): PrecedencePath[] {
  const baseSegments = base.split('/');
  const paths: PrecedencePath[] = [];
  for (const { pattern, name } of REGION_FAMILY) {
    const segments = pattern.split('/');
    if (segments.length <= baseSegments.length) continue;
    const fits = baseSegments.every((b, i) => segments[i] === b || segments[i]?.startsWith(':'));
    if (fits) paths.push({ path: ['excursion', ...baseSegments, ...segments.slice(baseSegments.length)].join('/'), outranks: name });
  }
  return paths;
}

/** The slug of a multi-segment page (`a/b/c`), read from the address (its routes name the segments differently). */
export function tailOf(request: Request, base: string): string {
  const { pathname } = new URL(request.url);
  const prefix = `/excursion/${base}/`;
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length).split('/').filter(Boolean).join('/') : '';
}
