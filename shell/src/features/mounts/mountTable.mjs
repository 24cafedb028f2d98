// Which remote owns which addresses (the shell owns the mount points): one table for the shell's router and the
// shell server's preload hints. Plain JavaScript so both run it as it is; types in mountTable.d.mts.

/** Ids of the pathless mount routes the remotes are patched into. */
export const MOUNT_IDS = Object.freeze({
  catalog: 'mount-catalog',
  accountUser: 'mount-account-user',
  accountPartner: 'mount-account-partner',
  staff: 'mount-staff',
});

export const MOUNTS = Object.freeze([
  { key: 'notifications-user', prefix: '/account/user/notification*', remote: 'mfe_notifications', routes: 'user', routeId: MOUNT_IDS.accountUser, path: 'account/user', fallbackLayout: 'account-notification' },
  { key: 'notifications-partner', prefix: '/account/partner/notification*', remote: 'mfe_notifications', routes: 'partner', routeId: MOUNT_IDS.accountPartner, path: 'account/partner', fallbackLayout: 'account-notification' },
  { key: 'user-account', prefix: '/account/user', remote: 'mfe_user_account', routeId: MOUNT_IDS.accountUser, path: 'account/user', fallbackLayout: 'account' },
  { key: 'partner-account', prefix: '/account/partner', remote: 'mfe_partner_account', routeId: MOUNT_IDS.accountPartner, path: 'account/partner', fallbackLayout: 'account' },
  // staff only: never loaded, preloaded or patched for anyone else (they get the 404 page)
  { key: 'backoffice', prefix: '/backoffice', remote: 'mfe_backoffice', routeId: MOUNT_IDS.staff, path: 'backoffice', fallbackLayout: 'backoffice', access: 'staff' },
  { key: 'catalog', prefix: '/', remote: 'mfe_catalog', routeId: MOUNT_IDS.catalog, path: '/', fallbackLayout: 'default' },
]);

function owns(prefix, path) {
  if (prefix.endsWith('*')) return path.startsWith(prefix.slice(0, -1));
  if (prefix === '/') return path.startsWith('/');
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The mount owning a path: the longest matching prefix wins (case-insensitive, like the router). */
export function resolveMount(path, mounts = MOUNTS) {
  const lower = path.toLowerCase();
  const byLength = [...mounts].sort((a, b) => b.prefix.replace('*', '').length - a.prefix.replace('*', '').length);
  return byLength.find((mount) => owns(mount.prefix, lower)) ?? null;
}
