import type { RemoteRoutes, RouteHandle, RouteValidationArgs } from '@excursio/shared';

const account: RouteHandle = { layout: 'account' };
const accountSub: RouteHandle = { layout: 'account-sub' };

/** A route rule: the named param matches the pattern. */
const paramMatches =
  (name: string, pattern: RegExp) =>
  ({ params }: RouteValidationArgs): boolean =>
    pattern.test(params[name] ?? '');

const DIGITS = /^\d+$/;
/** 'edit/{id}old' is the legacy editor (spec §2). */
const EDITOR_ID = /^\d+(old)?$/;

const digits = (name: string): RouteHandle => ({ layout: 'account', validate: paramMatches(name, DIGITS) });

/** The partner account, relative to /account/partner (the shell lowercases paths); ids are `partner.<page>`. */
export const partnerRoutes: RemoteRoutes = [
  {
    id: 'partner.main',
    index: true,
    lazy: () => import('../main/MainPage').then((m) => ({ Component: m.MainPage })),
    handle: account,
  },
  {
    id: 'partner.statistics',
    path: 'static',
    lazy: () => import('../statistics/StatisticsPage').then((m) => ({ Component: m.StatisticsPage })),
    handle: account,
  },
  {
    id: 'partner.profile',
    path: 'profile',
    lazy: () => import('../profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
    handle: account,
  },
  {
    id: 'partner.reviews',
    path: 'reviews',
    lazy: () => import('../reviews/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })),
    handle: accountSub,
  },
  {
    id: 'partner.support',
    path: 'support',
    lazy: () => import('../support/SupportPage').then((m) => ({ Component: m.SupportPage })),
    handle: account,
  },
  {
    id: 'partner.calendar',
    path: 'calendar',
    lazy: () => import('../calendar/CalendarPages').then((m) => ({ Component: m.CalendarPage })),
    handle: account,
  },
  {
    // calendarOLD in the spec: addresses arrive lowercased.
    id: 'partner.calendar-legacy',
    path: 'calendarold',
    lazy: () => import('../calendar/CalendarPages').then((m) => ({ Component: m.LegacyCalendarPage, loader: m.legacyCalendarLoader })),
    handle: account,
  },
  {
    id: 'partner.event',
    path: ':eventId',
    lazy: () => import('../calendar/EventPage').then((m) => ({ Component: m.EventPage, loader: m.eventLoader })),
    handle: digits('eventId'),
  },
  {
    id: 'partner.orders',
    path: 'orders',
    lazy: () => import('../orders/OrdersPage').then((m) => ({ Component: m.OrdersPage })),
    handle: account,
  },
  {
    id: 'partner.order',
    path: 'order/:id',
    lazy: () => import('../orders/PartnerOrderPage').then((m) => ({ Component: m.PartnerOrderPage, loader: m.partnerOrderLoader })),
    handle: digits('id'),
  },
  {
    id: 'partner.excursions',
    path: 'excursions',
    lazy: () => import('../excursions/ExcursionsPage').then((m) => ({ Component: m.ExcursionsPage })),
    handle: accountSub,
  },
  {
    id: 'partner.excursion-new',
    path: 'excursions/add',
    lazy: () => import('../excursions/NewExcursionPage').then((m) => ({ Component: m.NewExcursionPage })),
    handle: account,
  },
  {
    id: 'partner.excursion-edit',
    path: 'excursions/edit/:id',
    lazy: () => import('../excursions/EditExcursionPage').then((m) => ({ Component: m.EditExcursionPage, loader: m.excursionLoader })),
    handle: { layout: 'account', validate: paramMatches('id', EDITOR_ID) },
  },
  {
    id: 'partner.excursion-closed-fields',
    path: 'excursions/edit/closed_fields/:id',
    lazy: () => import('../excursions/ClosedFieldsPage').then((m) => ({ Component: m.ClosedFieldsPage, loader: m.excursionLoader })),
    handle: digits('id'),
  },
];
