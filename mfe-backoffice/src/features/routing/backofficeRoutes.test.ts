import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '@excursio/shared';
import { backofficeRoutes } from './backofficeRoutes';

const tree: RouteObject[] = [{ path: '/backoffice', children: backofficeRoutes }];

function leaf(url: string) {
  const matches = matchRoutes(tree, url);
  const m = matches?.[matches.length - 1];
  if (!m) return null;
  const handle = m.route.handle as RouteHandle;
  const valid = handle.validate ? handle.validate({ params: m.params, request: new Request(`http://x${url}`) }) : true;
  return { id: m.route.id, valid, layout: handle.layout };
}

describe('back-office routes', () => {
  it('has one page per section, every one in the back-office layout, with stable ids', () => {
    const pages = backofficeRoutes[0]!.children!;
    expect(pages.map((r) => r.id)).toEqual([
      'backoffice.dashboard',
      'backoffice.moderation',
      'backoffice.moderation-item',
      'backoffice.support',
      'backoffice.ticket',
      'backoffice.orders',
      'backoffice.order',
      'backoffice.accounts',
      'backoffice.account',
      'backoffice.reviews',
      'backoffice.content',
      'backoffice.content-new',
      'backoffice.content-item',
      'backoffice.synonyms',
      'backoffice.audit',
      'backoffice.outbox',
      'backoffice.releases',
    ]);
    for (const route of pages) expect((route.handle as RouteHandle).layout).toBe('backoffice');
  });

  it.each([
    ['/backoffice', 'backoffice.dashboard', true],
    ['/backoffice/moderation/changes/5', 'backoffice.moderation-item', true],
    ['/backoffice/moderation/excursions/12', 'backoffice.moderation-item', true],
    ['/backoffice/moderation/other/12', 'backoffice.moderation-item', false],
    ['/backoffice/orders/42', 'backoffice.order', true],
    ['/backoffice/orders/4x', 'backoffice.order', false],
    ['/backoffice/support/0', 'backoffice.ticket', false],
    ['/backoffice/content/new', 'backoffice.content-new', true],
    ['/backoffice/content/document/3', 'backoffice.content-item', true],
    ['/backoffice/content/page/3', 'backoffice.content-item', false],
    ['/backoffice/outbox', 'backoffice.outbox', true],
  ])('%s → %s (valid: %s)', (url, id, valid) => {
    expect(leaf(url)).toMatchObject({ id, valid, layout: 'backoffice' });
  });

  it('leaves unknown addresses to the shell (its 404)', () => {
    expect(leaf('/backoffice/nothing-here')).toBeNull();
  });
});
