import type { UIMatch } from '@excursio/shared/router';
import type { LayoutName } from '@excursio/shared';

const LAYOUTS: readonly LayoutName[] = ['default', 'account', 'account-sub', 'account-notification', 'backoffice'];

function isLayout(value: unknown): value is LayoutName {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);
}

/** The layout named by the deepest matched route's `handle.layout` ('default' when none names one). */
export function selectLayout(matches: readonly UIMatch[]): LayoutName {
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]?.handle as { layout?: unknown } | undefined)?.layout;
    if (isLayout(layout)) return layout;
  }
  return 'default';
}

export type AccountArea = 'user' | 'partner';

/** Which account area a path belongs to (the partner area by its prefix, the user area otherwise). */
export function areaOfPath(pathname: string): AccountArea {
  return /^\/account\/partner(\/|$)/i.test(pathname) ? 'partner' : 'user';
}
