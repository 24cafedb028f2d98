import type { Mount } from '../features/remote-loading/mounts';
import mountTable from './mounts.json';

/** Ids of the pathless mount routes the remotes are patched into. */
export const MOUNT_IDS = {
  catalog: 'mount-catalog',
  accountUser: 'mount-account-user',
  accountPartner: 'mount-account-partner',
} as const;

/**
 * Which remote owns which addresses (composition contract: the shell owns the mount points). The table is JSON so the
 * shell server reads the same one to preload the remote a requested page needs.
 */
export const MOUNTS: readonly Mount[] = mountTable as readonly Mount[];
