import * as routes from './routes';

describe('./routes', () => {
  it('gives the shell one route list per account mount, with no default list', () => {
    expect(Object.keys(routes).sort()).toEqual(['partner', 'user']);
    expect(routes.user.map((r) => r.id)).toEqual(['notifications.user', 'notifications.user-legacy']);
    expect(routes.partner.map((r) => r.id)).toEqual(['notifications.partner', 'notifications.partner-legacy']);
  });
});
