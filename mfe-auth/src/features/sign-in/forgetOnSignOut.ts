import type { EventBus } from '@excursio/shared';
import type { SignInStorage } from './signInStorage';

let connected = false;

/**
 * Signing out (from the account menu or the profile modal) forgets the stored phone and countdown too.
 * Sign-in itself already clears them; this covers a sign-in left half-way in another tab. Connected once per page.
 */
export function forgetSignInOnSignOut(bus: Pick<EventBus, 'on'>, storage: SignInStorage): void {
  if (connected) return;
  connected = true;
  bus.on('auth:signed-out', () => storage.clearAll());
}
