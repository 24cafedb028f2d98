import type { LayoutName } from '@excursio/shared';

/** Where one remote's `./routes` is patched into the shell's route tree. */
export interface Mount {
  /** One patch per key (a remote may be mounted in several places). */
  key: string;
  /** Path prefix the mount owns. A trailing '*' means any continuation; otherwise whole segments only. */
  prefix: string;
  /** Federation name of the remote that owns the prefix. */
  remote: string;
  /** The named export of `<remote>/routes` holding this mount's list (route ids are unique site-wide); `default` when absent. */
  routes?: string;
  /** Id of the pathless mount route to patch into. */
  routeId: string;
  /** Path of the route that wraps the remote's (relative) routes. */
  path: string;
  /** Layout of the fallback shown when the remote cannot be loaded. */
  fallbackLayout: LayoutName;
  /** Only signed-in accounts of this type may have the remote loaded (anyone else: the 404 page, no preload). */
  access?: 'staff';
}

export declare const MOUNT_IDS: { readonly catalog: 'mount-catalog'; readonly accountUser: 'mount-account-user'; readonly accountPartner: 'mount-account-partner'; readonly staff: 'mount-staff' };
export declare const MOUNTS: readonly Mount[];
/** The mount owning a path: the longest matching prefix wins (case-insensitive, like the router). */
export declare function resolveMount<M extends { prefix: string } = Mount>(path: string, mounts?: readonly M[]): M | null;
