import { session } from '@excursio/shared';

export type AccountArea = 'user' | 'partner';

/** Whose notifications: the account the address is in, else the signed-in profile's kind. */
export function accountArea(pathname: string | null): AccountArea {
  if (pathname?.startsWith('/account/partner')) return 'partner';
  if (pathname?.startsWith('/account/user')) return 'user';
  return session.userType === 'partner' ? 'partner' : 'user';
}

export function notificationPagePath(area: AccountArea): string {
  return `/account/${area}/notification`;
}
