import { replace, type LoaderFunctionArgs } from '@excursio/shared/router';
import type { EventBus, Profile } from '@excursio/shared';
import { resolveAddress } from './addressRules';
import { earlyTokenFor } from './earlyToken';
import type { ReturnTo } from './returnTo';

export type AccountArea = 'user' | 'partner';

export const AREA_HOME: Record<AccountArea, string> = { user: '/account/user', partner: '/account/partner' };
/** Where a staff account's own area lives (the staff-only mount). */
export const STAFF_HOME = '/backoffice';

export interface ProfileSource {
  /** Resolves once the stored token was read and its profile loaded (or not). */
  restore(): Promise<void>;
  readonly profile: Profile | null;
}

/** The area a signed-in profile belongs to. */
export function areaOf(profile: Profile): AccountArea {
  return profile.user_type === 'partner' ? 'partner' : 'user';
}

/**
 * Loader of an account mount: account layouts need a loaded profile (spec §2), otherwise the sign-in modal
 * opens and the visitor goes to '/'. Design choice: a partner in /account/user goes to /account/partner and vice versa.
 */
export function createAccountGuard(area: AccountArea, session: ProfileSource, bus: EventBus, returnTo?: Pick<ReturnTo, 'remember'>) {
  return async function accountGuard({ request }: LoaderFunctionArgs): Promise<null> {
    // The root loader redirects first; acting here too would open the modal for an address about to change
    // (a `?token=` the inline start-up script moved out of the address counts as still in it: earlyToken.ts).
    const url = new URL(request.url);
    if (resolveAddress(url) || earlyTokenFor(url)) return null;
    await session.restore();
    const profile = session.profile;
    if (!profile) {
      returnTo?.remember(url.pathname + url.search);
      bus.emit('modal:open', { type: 'auth' });
      throw replace('/');
    }
    // staff have no customer or partner area: theirs is the back office (a ?token= sign-in lands here first)
    if (profile.user_type === 'staff') throw replace(STAFF_HOME);
    const own = areaOf(profile);
    if (own !== area) throw replace(AREA_HOME[own]);
    return null;
  };
}
