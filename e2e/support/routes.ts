// The spec's routes with real ids and slugs from the seeded api: one list for the route and accessibility sweeps.
import type { APIRequestContext } from '@playwright/test';
import { devToken } from './app';
import { auth } from './orders';

/** Public pages with a fixed address, and the heading each shows. */
export const STATIC_PUBLIC_ROUTES: Array<[string, RegExp]> = [
  ['/', /Экскурсии с местными гидами/],
  ['/blog', /Блог/],
  ['/docs/help', /Помощь/],
  ['/docs/terms', /Условия использования/],
  ['/docs/oferta', /Оферта/],
  ['/docs/plateji', /Оплата/],
  ['/docs/privacy', /Политика конфиденциальности/],
  ['/docs/vozvrat', /Возврат/],
  ['/docs/articles', /Статьи/],
  ['/docs/legal-info', /Юридическая информация/],
  // search results (issue 31): next to another path, so that the axe sweep, moving through the router, arrives on them
  // (a new search on the same path keeps the focus where it is)
  ['/excursion?q=rfpfym', /Экскурсии по запросу/],
  ['/docs/agreement-guide-user', /Соглашение/],
  ['/excursion', /Экскурсии/],
  ['/excursion/cities', /Города/],
  ['/excursion?q=%D0%9F%D0%B0%D1%80%D0%B8%D0%B6', /Экскурсии по запросу/],
];

/** The catalog's slug routes (country, region, city, tag, sight, guides, reviews, excursion, order) of one seeded city. */
export async function slugPublicRoutes(request: APIRequestContext): Promise<string[]> {
  const cities = (await (await request.get('/api/excursion/public/excursion/cities?limit=1')).json()) as {
    data: { data: Array<{ slug: string; region_slug: string; country_slug: string }> };
  };
  const city = cities.data.data[0]!;
  const cityPage = (await (await request.get(`/api/excursion/public/cities/${city.region_slug}/${city.slug}`)).json()) as {
    data: { tags: Array<{ slug: string }>; sights: Array<{ slug: string }>; guides: Array<{ slug: string }>; excursions: Array<{ slug: string }> };
  };
  const { tags, sights, guides, excursions } = cityPage.data;
  const excursion = `/excursion/${city.region_slug}/${city.slug}/${excursions[0]!.slug}`;
  return [
    `/country/${city.country_slug}`,
    `/excursion/${city.region_slug}`,
    `/excursion/${city.region_slug}/${city.slug}`,
    `/excursion/${city.region_slug}/${city.slug}/tags/${tags[0]!.slug}`,
    `/excursion/sight/${sights[0]!.slug}`,
    `/excursion/guides/${guides[0]!.slug}`,
    `/excursion/guides/regions/${city.region_slug}`,
    `/excursion/guides/regions/${city.region_slug}/${city.slug}`,
    `/excursion/reviews/${city.region_slug}/${city.slug}`,
    excursion,
    `${excursion}/order`,
  ];
}

/** Every customer route with its layout; the order page is one of the customer's own orders. */
export async function customerRoutes(request: APIRequestContext, phone: string): Promise<Array<[string, string]>> {
  const token = await devToken(request, phone);
  const orders = (await (await request.get('/api/excursion/user/order', { headers: auth(token) })).json()) as {
    data: { data: Array<{ id: number }> };
  };
  return [
    ['/account/user', 'account'],
    ['/account/user/ticket', 'account'],
    ['/account/user/profile', 'account'],
    ['/account/user/reviews', 'account-sub'],
    ['/account/user/support', 'account'],
    ['/account/user/favorite', 'account'],
    [`/account/user/${orders.data.data[0]!.id}`, 'account'],
    ['/account/user/notification', 'account-notification'],
    ['/account/user/notificationold', 'account-notification'],
  ];
}

/** Every partner route with its layout; the order, slot and excursion are the partner's own (another's are a 404). */
export async function partnerRoutes(request: APIRequestContext, phone: string): Promise<Array<[string, string]>> {
  const token = await devToken(request, phone);
  const own = (await (await request.get('/api/excursion/partner/orders', { headers: auth(token) })).json()) as {
    data: { data: Array<{ id: number; event: { id: number } }> };
  };
  const mine = own.data.data[0]!;
  const excursions = (await (await request.get('/api/excursion/partner/excursions', { headers: auth(token) })).json()) as {
    data: Array<{ id: number }>;
  };
  const ex = excursions.data[0]!.id;
  return [
    ['/account/partner', 'account'],
    ['/account/partner/static', 'account'],
    ['/account/partner/profile', 'account'],
    ['/account/partner/reviews', 'account-sub'],
    ['/account/partner/support', 'account'],
    ['/account/partner/calendar', 'account'],
    ['/account/partner/calendarOLD', 'account'],
    [`/account/partner/${mine.event.id}`, 'account'],
    ['/account/partner/orders', 'account'],
    [`/account/partner/order/${mine.id}`, 'account'],
    ['/account/partner/notification', 'account-notification'],
    ['/account/partner/notificationold', 'account-notification'],
    ['/account/partner/excursions', 'account-sub'],
    ['/account/partner/excursions/add', 'account'],
    [`/account/partner/excursions/edit/${ex}`, 'account'],
    [`/account/partner/excursions/edit/${ex}old`, 'account'],
    [`/account/partner/excursions/edit/closed_fields/${ex}`, 'account'],
  ];
}

/** One order page per status among an account's orders (the order page differs most between statuses). */
export async function orderPagesByStatus(request: APIRequestContext, phone: string, area: 'user' | 'partner'): Promise<string[]> {
  const token = await devToken(request, phone);
  const url = area === 'user' ? '/api/excursion/user/order?per_page=48' : '/api/excursion/partner/orders?per_page=50';
  const list = (await (await request.get(url, { headers: auth(token) })).json()) as { data: { data: Array<{ id: number; status: string }> } };
  const first = new Map<string, number>();
  for (const order of list.data.data) if (!first.has(order.status)) first.set(order.status, order.id);
  return [...first.values()].map((id) => (area === 'user' ? `/account/user/${id}` : `/account/partner/order/${id}`));
}

/** Every back-office route (issue 27), with real ids from the staff api: an order, a ticket, an account, a text. */
export async function staffRoutes(request: APIRequestContext, phone: string): Promise<string[]> {
  const token = await devToken(request, phone);
  const get = async <T>(path: string): Promise<T> => ((await (await request.get(path, { headers: auth(token) })).json()) as { data: T }).data;
  const orders = await get<{ data: Array<{ id: number }> }>('/api/staff/orders');
  const tickets = await get<{ data: Array<{ id: number }> }>('/api/staff/support/tickets?status=all');
  const accounts = await get<{ data: Array<{ id: number; role: string }> }>('/api/staff/accounts?type=partner');
  const content = await get<Array<{ kind: string; id: number }>>('/api/staff/content');
  const queue = await get<Array<{ kind: string; id: number }>>('/api/staff/moderation');
  const routes = [
    '/backoffice',
    '/backoffice/moderation',
    '/backoffice/support',
    `/backoffice/support/${tickets.data[0]!.id}`,
    '/backoffice/orders',
    `/backoffice/orders/${orders.data[0]!.id}`,
    '/backoffice/accounts',
    `/backoffice/accounts/${accounts.data[0]!.id}`,
    '/backoffice/reviews',
    '/backoffice/content',
    '/backoffice/content/new',
    '/backoffice/synonyms',
    `/backoffice/content/${content[0]!.kind}/${content[0]!.id}`,
    '/backoffice/audit',
    '/backoffice/outbox',
    '/backoffice/releases',
  ];
  // an item of each kind in the queue (a new excursion, a change of closed fields: two different pages)
  for (const kind of ['excursion', 'change']) {
    const item = queue.find((entry) => entry.kind === kind);
    if (item) routes.push(`/backoffice/moderation/${kind === 'excursion' ? 'excursions' : 'changes'}/${item.id}`);
  }
  return routes;
}
