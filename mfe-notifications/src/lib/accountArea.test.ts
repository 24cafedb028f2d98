import { accountArea, notificationPagePath } from './accountArea';
import { signInAs } from '../testing/render';

describe('accountArea', () => {
  it('takes the area from the address first', () => {
    signInAs('client');
    expect(accountArea('/account/partner/notification')).toBe('partner');
    signInAs('partner');
    expect(accountArea('/account/user/notificationold')).toBe('user');
  });

  it('falls back to the signed-in profile', () => {
    signInAs('partner');
    expect(accountArea(null)).toBe('partner');
    signInAs('client');
    expect(accountArea('/')).toBe('user');
    expect(notificationPagePath('partner')).toBe('/account/partner/notification');
  });
});
