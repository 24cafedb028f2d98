import { matchRoutes, type RouteObject } from 'react-router';
import { api, ApiError, type OrderDetail, type RouteHandle } from '@excursio/shared';
import { signInAs } from '../../testing/renderAccount';
import { forgetOrder } from '../orders/orderCalls';
import { userRoutes } from './userRoutes';

beforeEach(forgetOrder);
afterEach(() => jest.restoreAllMocks());

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

  it('sends named sections to their pages, not to the order page', () => {
    expect(leaf('/account/user/favorite').route.path).toBe('favorite');
    expect(leaf('/account/user').route.index).toBe(true);
    expect(leaf('/account/user/42').route.path).toBe(':orderId');
  });

  it.each([
    ['/account/user/42', true],
    ['/account/user/0017', true],
    ['/account/user/abc', false],
    ['/account/user/12a', false],
    ['/account/user/-1', false],
  ])('validates the order id of %s → %s', async (url, ok) => {
    signInAs();
    const order = jest.spyOn(api, 'order').mockResolvedValue({ status: true, data: { id: 42 } as OrderDetail });
    const { handle, params } = leaf(url);
    await expect(Promise.resolve(handle.validate?.({ params, request: new Request(`http://x${url}`) }))).resolves.toBe(ok);
    if (ok) expect(order).toHaveBeenCalledWith(Number(url.split('/').pop()));
    else expect(order).not.toHaveBeenCalled();
  });

  it('refuses an order the api does not give this customer (another customer’s order is a 404)', async () => {
    signInAs();
    jest.spyOn(api, 'order').mockRejectedValue(new ApiError(404, 'Not Found.'));
    const { handle, params } = leaf('/account/user/99');
    await expect(handle.validate?.({ params, request: new Request('http://x/account/user/99') })).resolves.toBe(false);
  });
});
