import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '@excursio/shared';
import { partnerRoutes } from './partnerRoutes';

const tree: RouteObject[] = [{ path: '/account/partner', children: partnerRoutes }];

function leaf(url: string) {
  const matches = matchRoutes(tree, url);
  const m = matches?.[matches.length - 1];
  if (!m) throw new Error(`no route for ${url}`);
  return { route: m.route, params: m.params, handle: m.route.handle as RouteHandle };
}

function valid(url: string) {
  const { handle, params } = leaf(url);
  return handle.validate ? handle.validate({ params, request: new Request(`http://x${url}`) }) : true;
}

describe('partner account routes', () => {
  it('has every path of the contract with its layout', () => {
    const table = partnerRoutes.map((r) => [r.index ? '' : r.path, (r.handle as RouteHandle).layout]);
    expect(table).toEqual([
      ['', 'account'],
      ['static', 'account'],
      ['profile', 'account'],
      ['reviews', 'account-sub'],
      ['support', 'account'],
      ['calendar', 'account'],
      ['calendarold', 'account'],
      [':eventId', 'account'],
      ['orders', 'account'],
      ['order/:id', 'account'],
      ['excursions', 'account-sub'],
      ['excursions/add', 'account'],
      ['excursions/edit/:id', 'account'],
      ['excursions/edit/closed_fields/:id', 'account'],
    ]);
    for (const route of partnerRoutes) expect(typeof route.lazy).toBe('function');
  });

  it('gives every route a stable id of its own in the partner area', () => {
    const ids = partnerRoutes.map((r) => r.id);
    expect(ids).toEqual([
      'partner.main',
      'partner.statistics',
      'partner.profile',
      'partner.reviews',
      'partner.support',
      'partner.calendar',
      'partner.calendar-legacy',
      'partner.event',
      'partner.orders',
      'partner.order',
      'partner.excursions',
      'partner.excursion-new',
      'partner.excursion-edit',
      'partner.excursion-closed-fields',
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('maps the legacy addresses (lowercased by the shell) to their pages', () => {
    expect(leaf('/account/partner/calendarold').route.path).toBe('calendarold');
    expect(leaf('/account/partner/excursions/edit/12old').route.path).toBe('excursions/edit/:id');
    expect(leaf('/account/partner/excursions/edit/12old').params.id).toBe('12old');
    expect(leaf('/account/partner/excursions/edit/closed_fields/12').route.path).toBe('excursions/edit/closed_fields/:id');
    expect(leaf('/account/partner/static').route.path).toBe('static');
  });

  it.each([
    ['/account/partner/77', true],
    ['/account/partner/77x', false],
    ['/account/partner/order/5', true],
    ['/account/partner/order/five', false],
    ['/account/partner/excursions/edit/12', true],
    ['/account/partner/excursions/edit/12old', true],
    ['/account/partner/excursions/edit/old', false],
    ['/account/partner/excursions/edit/12older', false],
    ['/account/partner/excursions/edit/closed_fields/12', true],
    ['/account/partner/excursions/edit/closed_fields/12old', false],
  ])('validates %s → %s', (url, ok) => {
    expect(valid(url)).toBe(ok);
  });
});
