import type { RouteValidationArgs } from '@excursio/shared';

const SLUG = /^[a-z0-9-]+$/;

/** Words that name sibling pages under /excursion and can never be a region slug. */
export const RESERVED_REGION_SLUGS = ['cities', 'guides', 'sight', 'reviews'] as const;

export function isSlug(value: string | undefined): boolean {
  return value !== undefined && SLUG.test(value);
}

/** A multi-segment slug (`a/b/c`): at least one segment, every segment a slug. */
export function isSlugPath(value: string | undefined): boolean {
  if (!value) return false;
  return value.split('/').every((segment) => SLUG.test(segment));
}

/** Validation rule for a route whose named params must all be slugs. */
export function slugParams(...names: string[]) {
  return ({ params }: RouteValidationArgs): boolean => names.every((name) => isSlug(params[name]));
}

/** Validation rule for a multi-segment slug page (its splat or named params): every segment a slug. */
export function slugTail({ params }: RouteValidationArgs): boolean {
  const values = Object.values(params);
  return values.length > 0 && values.every((value) => isSlugPath(value));
}

/** Region pages: a slug that is not one of the reserved sibling words. */
export function regionParams(...names: string[]) {
  const slugs = slugParams('region', ...names);
  return (args: RouteValidationArgs): boolean =>
    slugs(args) && !(RESERVED_REGION_SLUGS as readonly string[]).includes(args.params.region ?? '');
}
