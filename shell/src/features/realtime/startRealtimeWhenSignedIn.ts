import type { ExternalStore, RealtimeModule } from '@excursio/shared';

/**
 * Loads mfe-notifications' realtime module the first time someone is signed in (visitors never download it) and
 * starts it once; the module follows the session from then on. A failed load is retried at the next sign-in.
 */
export function startRealtimeWhenSignedIn(
  session: Pick<ExternalStore, 'watch'> & { readonly isSignedIn: boolean },
  load: () => Promise<unknown>,
): () => void {
  let started = false;
  const follow = (signedIn: boolean) => {
    if (!signedIn || started) return;
    started = true;
    load()
      .then((module) => (module as RealtimeModule).startRealtime())
      .catch((error: unknown) => {
        started = false;
        console.error('[shell] the realtime connection could not start', error);
      });
  };
  return session.watch(() => session.isSignedIn, follow, { immediately: true });
}
