import { MOUNT_IDS, MOUNTS, resolveMount } from './mountTable.mjs';

const remoteOf = (path: string) => resolveMount(path, MOUNTS)?.remote;
const keyOf = (path: string) => resolveMount(path, MOUNTS)?.key;

describe('mount resolution', () => {
  it('gives notification pages of both areas to mfe_notifications', () => {
    expect(keyOf('/account/user/notification')).toBe('notifications-user');
    expect(keyOf('/account/user/notificationold')).toBe('notifications-user');
    expect(keyOf('/account/partner/notification')).toBe('notifications-partner');
    expect(keyOf('/account/partner/notificationold')).toBe('notifications-partner');
    expect(remoteOf('/account/partner/notification')).toBe('mfe_notifications');
  });

  it('gives the account areas to their remotes', () => {
    expect(remoteOf('/account/user')).toBe('mfe_user_account');
    expect(remoteOf('/account/user/')).toBe('mfe_user_account');
    expect(remoteOf('/account/user/123')).toBe('mfe_user_account');
    expect(remoteOf('/account/partner')).toBe('mfe_partner_account');
    expect(remoteOf('/account/partner/excursions/edit/5old')).toBe('mfe_partner_account');
  });

  it('matches whole segments only and ignores case', () => {
    expect(remoteOf('/account/username')).toBe('mfe_catalog');
    expect(remoteOf('/Account/Partner/Calendar')).toBe('mfe_partner_account');
  });

  it('gives the staff area to the back office, marked staff only', () => {
    expect(resolveMount('/backoffice', MOUNTS)).toMatchObject({ remote: 'mfe_backoffice', routeId: 'mount-staff', access: 'staff' });
    expect(remoteOf('/backoffice/moderation/12')).toBe('mfe_backoffice');
    expect(remoteOf('/backofficeold')).toBe('mfe_catalog');
    expect(MOUNTS.filter((m) => m.access).map((m) => m.key)).toEqual(['backoffice']);
  });

  it('gives everything else to the catalog at /', () => {
    expect(remoteOf('/')).toBe('mfe_catalog');
    expect(remoteOf('/excursion/moskva/moskva/progulka')).toBe('mfe_catalog');
    expect(remoteOf('/docs/help')).toBe('mfe_catalog');
    expect(resolveMount('/', MOUNTS)?.routeId).toBe('mount-catalog');
  });

  it('patches the notifications into the account mounts with the area path', () => {
    const user = resolveMount('/account/user/notification', MOUNTS);
    expect(user).toMatchObject({ routeId: 'mount-account-user', path: 'account/user' });
    const partner = resolveMount('/account/partner/notification', MOUNTS);
    expect(partner).toMatchObject({ routeId: 'mount-account-partner', path: 'account/partner' });
  });
});

describe('the mount table (shared with the shell server)', () => {
  const layouts = ['default', 'account', 'account-sub', 'account-notification', 'backoffice'];
  it('points every mount at a known mount route and a real layout', () => {
    for (const mount of MOUNTS) {
      expect(Object.values(MOUNT_IDS)).toContain(mount.routeId);
      expect(layouts).toContain(mount.fallbackLayout);
      expect(mount.remote).toMatch(/^mfe_[a-z_]+$/);
    }
  });
});
