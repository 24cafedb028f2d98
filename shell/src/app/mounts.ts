import type { Mount } from '../features/remote-loading/mounts';

/** Ids of the pathless mount routes the remotes are patched into. */
export const MOUNT_IDS = {
  catalog: 'mount-catalog',
  accountUser: 'mount-account-user',
  accountPartner: 'mount-account-partner',
} as const;

/** Which remote owns which addresses (composition contract: the shell owns the mount points). */
export const MOUNTS: readonly Mount[] = [
  {
    key: 'notifications-user',
    prefix: '/account/user/notification*',
    remote: 'mfe_notifications',
    routeId: MOUNT_IDS.accountUser,
    path: 'account/user',
    fallbackLayout: 'account-notification',
  },
  {
    key: 'notifications-partner',
    prefix: '/account/partner/notification*',
    remote: 'mfe_notifications',
    routeId: MOUNT_IDS.accountPartner,
    path: 'account/partner',
    fallbackLayout: 'account-notification',
  },
  {
    key: 'user-account',
    prefix: '/account/user',
    remote: 'mfe_user_account',
    routeId: MOUNT_IDS.accountUser,
    path: 'account/user',
    fallbackLayout: 'account',
  },
  {
    key: 'partner-account',
    prefix: '/account/partner',
    remote: 'mfe_partner_account',
    routeId: MOUNT_IDS.accountPartner,
    path: 'account/partner',
    fallbackLayout: 'account',
  },
  { key: 'catalog', prefix: '/', remote: 'mfe_catalog', routeId: MOUNT_IDS.catalog, path: '/', fallbackLayout: 'default' },
];
