import { reaction } from 'mobx';
import type { RealtimeModule } from '@excursio/shared';

/**
 * Loads mfe-notifications' realtime module the first time someone is signed in (visitors never download it) and
 * starts it once; the module follows the session from then on. A failed load is retried at the next sign-in.
 */
export function startRealtimeWhenSignedIn(session: { readonly isSignedIn: boolean }, load: () => Promise<unknown>): () => void {
  let started = false;
  return reaction(
    () => session.isSignedIn,
    (signedIn) => {
      if (!signedIn || started) return;
      started = true;
      load()
        .then((module) => (module as RealtimeModule).startRealtime())
        .catch((error: unknown) => {
          started = false;
          console.error('[shell] the realtime connection could not start', error);
        });
    },
    { fireImmediately: true },
  );
}
