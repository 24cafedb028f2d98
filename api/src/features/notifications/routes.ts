import {
  NotificationCatchUp,
  NotificationCatchUpQuery,
  NotificationListQuery,
  NotificationPage,
  NotificationUnread,
  NotificationViewedResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { listNotifications, markAllViewed, markViewed, notificationsSince, unreadCount } from './queries';

const N = '/api/excursion/notification';
const NotificationIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** The signed-in user's own notifications (anyone else's are never listed, and a 404 when named). */
export const notificationsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth }) => {
  const common = { tags: ['notifications'], security: bearerSecurity };
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    N,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'My notifications, newest first (viewed=false: only unviewed)',
        description: 'Exactly `{ data, current_page, last_page }` (spec §7). A page beyond the last is empty.',
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, ...errorResponses(401, 422) },
      },
    },
    async (request) => listNotifications(db, me(request), request.query),
  );

  app.get(
    `${N}/since`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Catch-up after a reconnect: my notifications with id > after_id, oldest first (at most 100), and the unread count',
        querystring: NotificationCatchUpQuery,
        response: { 200: NotificationCatchUp, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const userId = me(request);
      const [notifications, unread] = await Promise.all([
        notificationsSince(db, userId, request.query.after_id),
        unreadCount(db, userId),
      ]);
      return { status: true, data: { notifications, unread } };
    },
  );

  app.get(
    `${N}/unread-count`,
    {
      onRequest: auth.requireUser,
      schema: { ...common, summary: 'How many of my notifications are unviewed (the bell)', response: { 200: NotificationUnread, ...errorResponses(401) } },
    },
    async (request) => ({ status: true, data: { unread: await unreadCount(db, me(request)) } }),
  );

  app.post(
    `${N}/set-viewed`,
    {
      onRequest: auth.requireUser,
      schema: { ...common, summary: 'Mark all my notifications viewed', response: { 200: NotificationViewedResponse, ...errorResponses(401) } },
    },
    async (request) => {
      await markAllViewed(db, me(request));
      return { status: true };
    },
  );

  app.post(
    `${N}/:id/viewed`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Mark one of my notifications viewed (anyone else’s is a 404)',
        params: NotificationIdParams,
        response: { 200: NotificationViewedResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      await markViewed(db, me(request), request.params.id);
      return { status: true };
    },
  );
};
