// The release watch and the in-place switch of one page, made together (./releaseWatch.ts, ./inPlaceRelease.ts).
// Loaded on demand (./releasesOnDemand.ts): nothing here runs before the page's first navigation or failed load.
import { createInPlaceSwitch, type InPlaceSwitchDeps, type InPlaceRelease } from './inPlaceRelease';
import { createReleaseWatch, type ReleaseWatch, type ReleaseWatchOptions } from './releaseWatch';

export interface ReleaseFollowing {
  watch: ReleaseWatch;
  inPlace: InPlaceRelease;
}

export interface ReleaseFollowingDeps {
  inPlace: InPlaceSwitchDeps;
  watch: Omit<ReleaseWatchOptions, 'inPlace'>;
}

export function createReleaseFollowing(deps: ReleaseFollowingDeps): ReleaseFollowing {
  const inPlace = createInPlaceSwitch(deps.inPlace);
  return { inPlace, watch: createReleaseWatch({ ...deps.watch, inPlace }) };
}
