// Release watching and in-place switching load the first time a page needs them (issue 30 §2: no page needs them
// before its first interaction): its first client-side navigation, or a page chunk or remote that failed to load.
// Their code not loading (the network, a shell build replaced meanwhile) is answered as their own «no list» is: the
// navigation goes on with the builds the page has, a failed load is retried; the next need asks for the code again.
import type { ReleaseFollowing } from './releaseFollowing';
import type { NavigationOutcome } from './releaseWatch';

export interface ReleasesOnDemand {
  beforeNavigation(options?: { switchInPlace?: boolean }): Promise<NavigationOutcome>;
  afterLoadFailure(remote?: string): Promise<'reload' | 'retry'>;
  /** After the navigation that followed a switch (which only happens once the code is loaded). */
  finish(): void;
}

export function releasesOnDemand(load: () => Promise<ReleaseFollowing>): ReleasesOnDemand {
  let pending: Promise<ReleaseFollowing> | null = null;
  let loaded: ReleaseFollowing | null = null;
  const get = () =>
    (pending ??= load().then(
      (following) => (loaded = following),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return {
    beforeNavigation: (options) =>
      get().then(
        (following) => following.watch.beforeNavigation(options),
        (): NavigationOutcome => 'stay',
      ),
    afterLoadFailure: (remote) =>
      get().then(
        (following) => following.watch.afterLoadFailure(remote),
        () => 'retry' as const,
      ),
    finish: () => loaded?.inPlace.finish(),
  };
}
