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

/** The partner account, relative to /account/partner (composition contract; the shell lowercases paths). */
export const partnerRoutes: RemoteRoutes = [
  { index: true, lazy: () => import('../main/MainPage').then((m) => ({ Component: m.MainPage })), handle: account },
  {
    path: 'static',
    lazy: () => import('../statistics/StatisticsPage').then((m) => ({ Component: m.StatisticsPage })),
    handle: account,
  },
  {
    path: 'profile',
    lazy: () => import('../profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
    handle: account,
  },
  {
    path: 'reviews',
    lazy: () => import('../reviews/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })),
    handle: accountSub,
  },
  {
    path: 'support',
    lazy: () => import('../support/SupportPage').then((m) => ({ Component: m.SupportPage })),
    handle: account,
  },
  {
    path: 'calendar',
    lazy: () => import('../calendar/CalendarPages').then((m) => ({ Component: m.CalendarPage })),
    handle: account,
  },
  {
    // calendarOLD in the spec: addresses arrive lowercased.
    path: 'calendarold',
    lazy: () => import('../calendar/CalendarPages').then((m) => ({ Component: m.LegacyCalendarPage })),
    handle: account,
  },
  {
    path: ':eventId',
    lazy: () => import('../calendar/CalendarPages').then((m) => ({ Component: m.EventPage })),
    handle: digits('eventId'),
  },
  {
    path: 'order/:id',
    lazy: () => import('../orders/OrderPage').then((m) => ({ Component: m.OrderPage })),
    handle: digits('id'),
  },
  {
    path: 'excursions',
    lazy: () => import('../excursions/ExcursionPages').then((m) => ({ Component: m.ExcursionsPage })),
    handle: accountSub,
  },
  {
    path: 'excursions/add',
    lazy: () => import('../excursions/ExcursionPages').then((m) => ({ Component: m.NewExcursionPage })),
    handle: account,
  },
  {
    path: 'excursions/edit/:id',
    lazy: () => import('../excursions/ExcursionPages').then((m) => ({ Component: m.EditExcursionPage })),
    handle: { layout: 'account', validate: paramMatches('id', EDITOR_ID) },
  },
  {
    path: 'excursions/edit/closed_fields/:id',
    lazy: () => import('../excursions/ExcursionPages').then((m) => ({ Component: m.ClosedFieldsPage })),
    handle: digits('id'),
  },
];
