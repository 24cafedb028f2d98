import type { RemoteRoutes, RouteHandle, RouteValidationArgs } from '@excursio/shared';
import { BackofficeLayout } from '../../components/BackofficeLayout';

const page: RouteHandle = { layout: 'backoffice' };

const matches =
  (rules: Record<string, RegExp>) =>
  ({ params }: RouteValidationArgs): boolean =>
    Object.entries(rules).every(([name, pattern]) => pattern.test(params[name] ?? ''));

const DIGITS = /^[1-9]\d{0,9}$/;
const withId: RouteHandle = { layout: 'backoffice', validate: matches({ id: DIGITS }) };

/**
 * The back office, relative to /backoffice (mounted by the shell for staff accounts only); ids are
 * `backoffice.<page>`. One layout route draws the area's own navigation around every page.
 */
export const backofficeRoutes: RemoteRoutes = [
  {
    id: 'backoffice.layout',
    Component: BackofficeLayout,
    handle: page,
    children: [
      {
        id: 'backoffice.dashboard',
        index: true,
        lazy: () => import('../dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
        handle: page,
      },
      {
        id: 'backoffice.moderation',
        path: 'moderation',
        lazy: () => import('../moderation/ModerationQueuePage').then((m) => ({ Component: m.ModerationQueuePage })),
        handle: page,
      },
      {
        id: 'backoffice.moderation-item',
        path: 'moderation/:kind/:id',
        lazy: () => import('../moderation/ModerationItemPage').then((m) => ({ Component: m.ModerationItemPage })),
        handle: { layout: 'backoffice', validate: matches({ kind: /^(excursions|changes)$/, id: DIGITS }) },
      },
      {
        id: 'backoffice.support',
        path: 'support',
        lazy: () => import('../support/SupportListPage').then((m) => ({ Component: m.SupportListPage })),
        handle: page,
      },
      {
        id: 'backoffice.ticket',
        path: 'support/:id',
        lazy: () => import('../support/TicketPage').then((m) => ({ Component: m.TicketPage })),
        handle: withId,
      },
      {
        id: 'backoffice.orders',
        path: 'orders',
        lazy: () => import('../orders/OrdersPage').then((m) => ({ Component: m.OrdersPage })),
        handle: page,
      },
      {
        id: 'backoffice.order',
        path: 'orders/:id',
        lazy: () => import('../orders/OrderPage').then((m) => ({ Component: m.OrderPage })),
        handle: withId,
      },
      {
        id: 'backoffice.accounts',
        path: 'accounts',
        lazy: () => import('../accounts/AccountsPage').then((m) => ({ Component: m.AccountsPage })),
        handle: page,
      },
      {
        id: 'backoffice.account',
        path: 'accounts/:id',
        lazy: () => import('../accounts/AccountPage').then((m) => ({ Component: m.AccountPage })),
        handle: withId,
      },
      {
        id: 'backoffice.reviews',
        path: 'reviews',
        lazy: () => import('../reviews/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })),
        handle: page,
      },
      {
        id: 'backoffice.content',
        path: 'content',
        lazy: () => import('../content/ContentListPage').then((m) => ({ Component: m.ContentListPage })),
        handle: page,
      },
      {
        id: 'backoffice.content-new',
        path: 'content/new',
        lazy: () => import('../content/ContentEditorPage').then((m) => ({ Component: m.NewPostPage })),
        handle: page,
      },
      {
        id: 'backoffice.content-item',
        path: 'content/:kind/:id',
        lazy: () => import('../content/ContentEditorPage').then((m) => ({ Component: m.ContentEditorPage })),
        handle: { layout: 'backoffice', validate: matches({ kind: /^(blog|document)$/, id: DIGITS }) },
      },
      {
        id: 'backoffice.synonyms',
        path: 'synonyms',
        lazy: () => import('../search/SynonymsPage').then((m) => ({ Component: m.SynonymsPage })),
        handle: page,
      },
      {
        id: 'backoffice.audit',
        path: 'audit',
        lazy: () => import('../audit/AuditPage').then((m) => ({ Component: m.AuditPage })),
        handle: page,
      },
      {
        id: 'backoffice.outbox',
        path: 'outbox',
        lazy: () => import('../outbox/OutboxPage').then((m) => ({ Component: m.OutboxPage })),
        handle: page,
      },
      {
        id: 'backoffice.releases',
        path: 'releases',
        lazy: () => import('../releases/ReleasesPage').then((m) => ({ Component: m.ReleasesPage })),
        handle: page,
      },
    ],
  },
];
