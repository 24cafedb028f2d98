/** The region family of routes under /excursion (composition contract). */
export const REGION_FAMILY = [
  ':region',
  ':region/:city',
  ':region/:city/tags/:tagSlug',
  ':region/:city/:excursionSlug',
  ':region/:city/:excursionSlug/order',
] as const;

/**
 * react-router ranks `excursion/sight/*` below `excursion/:region/:city/:excursionSlug`, so /excursion/sight/a/b
 * would open an excursion page. For a multi-segment page under `excursion/<base>/*` this returns the region-family
 * shapes with `<base>` written in: static segments outrank dynamic ones, so these send such addresses to the page.
 */
export function splatPrecedencePaths(base: string): string[] {
  const baseSegments = base.split('/');
  const paths: string[] = [];
  for (const pattern of REGION_FAMILY) {
    const segments = pattern.split('/');
    if (segments.length <= baseSegments.length) continue;
    const fits = baseSegments.every((b, i) => segments[i] === b || segments[i]?.startsWith(':'));
    if (fits) paths.push(['excursion', ...baseSegments, ...segments.slice(baseSegments.length)].join('/'));
  }
  return paths;
}

/** The slug segments of a multi-segment page, read from the address (its routes name them differently). */
export function tailSegments(pathname: string, base: string): string[] {
  const prefix = `/excursion/${base}/`;
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length).split('/').filter(Boolean) : [];
}
