import {
  AccountAvatarBody,
  AccountEmailBody,
  AccountEmailCodeBody,
  AccountRemindersBody,
  AccountNameBody,
  AccountSettingsResponse,
  MailOutboxResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq } from 'drizzle-orm';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { mailOutbox } from '../../db/schema';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { accountSettings, confirmEmail, deleteAccount, removeAvatar, removeEmail, rename, requestEmail, setAvatar, setEmailReminders } from './service';

const A = '/api/excursion/user/account';

/** The traveller's own settings: name, a confirmed e-mail, deleting the account. */
export const accountRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, clock, config, broadcaster, outbox }) => {
  const common = { tags: ['account'], security: bearerSecurity };
  const settings = async (userId: number) => ({ status: true as const, data: await accountSettings(db, userId, clock.now()) });

  app.get(
    A,
    { onRequest: auth.requireUser, schema: { ...common, summary: 'My account settings', response: { 200: AccountSettingsResponse, ...errorResponses(401) } } },
    async (request) => settings(currentUser(request).id),
  );

  app.put(
    `${A}/name`,
    {
      onRequest: auth.requireUser,
      schema: { ...common, summary: 'Change my name', body: AccountNameBody, response: { 200: AccountSettingsResponse, ...errorResponses(401, 422) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await rename(db, userId, request.body.name, clock.now());
      return settings(userId);
    },
  );

  app.put(
    `${A}/email-reminders`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'The day-before reminders by e-mail on or off',
        body: AccountRemindersBody,
        response: { 200: AccountSettingsResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setEmailReminders(db, userId, request.body.enabled, clock.now());
      return settings(userId);
    },
  );

  app.post(
    `${A}/email`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Start using an e-mail: a 6-digit code is sent to it (5 an hour); it is used once confirmed',
        body: AccountEmailBody,
        response: { 200: AccountSettingsResponse, ...errorResponses(401, 422, 429, 503) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // the e-mail channel (features/mail/install.ts): SMTP, the development outbox, or none (503)
      const letter = await requestEmail(db, outbox.handles('email'), userId, request.body.email, clock.now());
      await outbox.deliverNow([letter]);
      return settings(userId);
    },
  );

  app.post(
    `${A}/email/confirm`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Confirm the pending e-mail with its code (5 attempts, 30 minutes)',
        body: AccountEmailCodeBody,
        response: { 200: AccountSettingsResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await confirmEmail(db, userId, request.body.code, clock.now());
      return settings(userId);
    },
  );

  app.delete(
    `${A}/email`,
    {
      onRequest: auth.requireUser,
      schema: { ...common, summary: 'Stop using my e-mail (and drop a pending one)', response: { 200: AccountSettingsResponse, ...errorResponses(401) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await removeEmail(db, userId, clock.now());
      return settings(userId);
    },
  );

  app.put(
    `${A}/avatar`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Set my photo: an uploaded portrait of mine (POST /api/media/uploads?preset=portrait)',
        body: AccountAvatarBody,
        response: { 200: AccountSettingsResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setAvatar(db, userId, request.body.image_id, clock.now());
      return settings(userId);
    },
  );

  app.delete(
    `${A}/avatar`,
    {
      onRequest: auth.requireUser,
      schema: { ...common, summary: 'Remove my photo', response: { 200: AccountSettingsResponse, ...errorResponses(401) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await removeAvatar(db, userId, clock.now());
      return settings(userId);
    },
  );

  app.delete(
    A,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Delete my account: personal data erased, orders kept for the records; refused while a trip is ahead',
        response: { 204: Type.Null(), ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const revoked = await deleteAccount(db, currentUser(request).id, clock.now());
      for (const tokenId of revoked) await broadcaster.revokeToken?.(tokenId);
      return reply.code(204).send(null);
    },
  );

  if (config.appEnv === 'development') {
    app.get(
      '/api/dev/mail',
      {
        schema: {
          tags: ['dev'],
          summary: 'Development only: the mail that would have been sent to an address, newest first',
          querystring: Type.Object({ to: Type.String({ maxLength: 320 }) }),
          response: { 200: MailOutboxResponse },
        },
      },
      async (request) => {
        const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, request.query.to.toLowerCase())).orderBy(desc(mailOutbox.id)).limit(20);
        return { status: true, data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() })) };
      },
    );
  }
};
