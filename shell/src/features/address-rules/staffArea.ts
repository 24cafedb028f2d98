import { data, type LoaderFunctionArgs } from '@excursio/shared/router';
import type { EventBus, Profile } from '@excursio/shared';
import { resolveMount, type Mount } from '../mounts/mountTable.mjs';
import type { ProfileSource } from './accountGuard';
import { resolveAddress } from './addressRules';
import { earlyTokenFor } from './earlyToken';

/** Whether a profile may enter a mount: staff-only mounts need a staff account (staff or admin role). */
export function mayEnter(mount: Pick<Mount, 'access'>, profile: Profile | null): boolean {
  if (!mount.access) return true;
  return profile?.user_type === mount.access;
}

/**
 * The patcher's check before it loads a remote: a staff-only mount waits for the stored session and answers false for
 * anyone else (the remote is then never fetched and the address falls to the 404 route).
 */
export function createMountAccess(session: ProfileSource) {
  return async (mount: Mount): Promise<boolean> => {
    if (!mount.access) return true;
    await session.restore();
    return mayEnter(mount, session.profile);
  };
}

/**
 * Loader of the staff mount: once its routes were patched in (a staff member was here), anyone else — signed out
 * since, another account — gets the same 404 as an unknown address: the area's existence is not revealed.
 */
export function createStaffGuard(session: ProfileSource) {
  return async function staffGuard({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    if (resolveAddress(url) || earlyTokenFor(url)) return null;
    await session.restore();
    if (!mayEnter({ access: 'staff' }, session.profile)) throw data('Page not found', { status: 404 });
    return null;
  };
}

/** What re-entering needs of the router. */
export interface ReenteringRouter {
  readonly state: { location: { pathname: string; search: string; hash: string } };
  navigate(to: string, opts: { replace: boolean }): Promise<void> | void;
}

/**
 * Someone who signs in (or out) on a staff-only address gets it evaluated again: a staff member signing in on the 404
 * page of /backoffice lands in the back office; anyone else stays on the 404 page.
 */
export function reenterStaffAreaOnSessionChange(bus: EventBus, router: ReenteringRouter, mounts?: readonly Mount[]): () => void {
  const reenter = () => {
    const { pathname, search, hash } = router.state.location;
    if (resolveMount(pathname, mounts)?.access) void router.navigate(pathname + search + hash, { replace: true });
  };
  bus.on('auth:result', reenter);
  bus.on('auth:signed-out', reenter);
  return () => {
    bus.off('auth:result', reenter);
    bus.off('auth:signed-out', reenter);
  };
}
