import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '@excursio/shared';
import { notificationRoutes } from './notificationRoutes';

describe('notification routes', () => {
  it('has the page and its legacy address in the notification layout', () => {
    expect(notificationRoutes.map((r) => [r.path, (r.handle as RouteHandle).layout])).toEqual([
      ['notification', 'account-notification'],
      ['notificationold', 'account-notification'],
    ]);
    expect(notificationRoutes[0]?.lazy).toBe(notificationRoutes[1]?.lazy);
  });

  it.each(['/account/user', '/account/partner'])('resolves under %s', (mount) => {
    const tree: RouteObject[] = [{ path: mount, children: notificationRoutes }];
    expect(matchRoutes(tree, `${mount}/notification`)?.at(-1)?.route.path).toBe('notification');
    expect(matchRoutes(tree, `${mount}/notificationold`)?.at(-1)?.route.path).toBe('notificationold');
  });
});
