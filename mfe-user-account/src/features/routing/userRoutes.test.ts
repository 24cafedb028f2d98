import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '@excursio/shared';
import { userRoutes } from './userRoutes';

const tree: RouteObject[] = [{ path: '/account/user', children: userRoutes }];

function leaf(url: string) {
  const matches = matchRoutes(tree, url);
  const m = matches?.[matches.length - 1];
  if (!m) throw new Error(`no route for ${url}`);
  return { route: m.route, params: m.params, handle: m.route.handle as RouteHandle };
}

describe('customer account routes', () => {
  it('has every path of the contract with its layout', () => {
    const table = userRoutes.map((r) => [r.index ? '' : r.path, (r.handle as RouteHandle).layout]);
    expect(table).toEqual([
      ['', 'account'],
      ['ticket', 'account'],
      ['profile', 'account'],
      ['reviews', 'account-sub'],
      ['support', 'account'],
      ['favorite', 'account'],
      [':orderId', 'account'],
    ]);
    for (const route of userRoutes) expect(typeof route.lazy).toBe('function');
  });

  it('gives every route a stable id of its own in the user area', () => {
    const ids = userRoutes.map((r) => r.id);
    expect(ids).toEqual(['user.main', 'user.tickets', 'user.profile', 'user.reviews', 'user.support', 'user.favorites', 'user.order']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends named sections to their pages, not to the order page', () => {
    expect(leaf('/account/user/favorite').route.id).toBe('user.favorites');
    expect(leaf('/account/user').route.id).toBe('user.main');
    expect(leaf('/account/user/42').route.id).toBe('user.order');
  });

  it.each([
    ['/account/user/42', true],
    ['/account/user/0017', true],
    ['/account/user/1234567890', true],
    ['/account/user/12345678901', false],
    ['/account/user/abc', false],
    ['/account/user/12a', false],
    ['/account/user/-1', false],
  ])('takes %s for an order id → %s, without asking the api', (url, ok) => {
    const { handle, params } = leaf(url);
    expect(handle.validate?.({ params, request: new Request(`http://x${url}`) })).toBe(ok);
  });
});
