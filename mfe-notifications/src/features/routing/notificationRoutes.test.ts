import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '@excursio/shared';
import { legacyRedirect, partnerNotificationRoutes, userNotificationRoutes } from './notificationRoutes';

describe('notification routes', () => {
  it.each([
    ['user', userNotificationRoutes],
    ['partner', partnerNotificationRoutes],
  ])('has the %s page and its legacy address in the notification layout', (_area, routes) => {
    expect(routes.map((r) => [r.path, (r.handle as RouteHandle).layout])).toEqual([
      ['notification', 'account-notification'],
      ['notificationold', 'account-notification'],
    ]);
    // the legacy address is a redirect to the list, not a second screen
    expect(routes[1]?.lazy).toBeUndefined();
    expect(routes[1]?.loader).toBe(legacyRedirect);
  });

  it('redirects the legacy address to the list with replace, keeping the query', () => {
    const request = new Request('http://localhost/account/partner/notificationold?page=2');
    const response = legacyRedirect({ request, params: {}, context: undefined } as never);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account/partner/notification?page=2');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('gives every route a stable id, unique across both areas', () => {
    const ids = [...userNotificationRoutes, ...partnerNotificationRoutes].map((r) => r.id);
    expect(ids).toEqual(['notifications.user', 'notifications.user-legacy', 'notifications.partner', 'notifications.partner-legacy']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['/account/user', userNotificationRoutes, 'notifications.user'],
    ['/account/partner', partnerNotificationRoutes, 'notifications.partner'],
  ])('resolves under %s', (mount, routes, id) => {
    const tree: RouteObject[] = [{ path: mount, children: routes }];
    expect(matchRoutes(tree, `${mount}/notification`)?.at(-1)?.route.id).toBe(id);
    expect(matchRoutes(tree, `${mount}/notificationold`)?.at(-1)?.route.id).toBe(`${id}-legacy`);
  });
});
