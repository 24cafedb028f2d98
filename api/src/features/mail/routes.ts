import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { users } from '../../db/schema';
import { escapeHtml } from './letters';
import { UNSUBSCRIBE_PATH, unsubscribeTokenMatches } from './handler';

const Query = Type.Object({
  user: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  token: Type.String({ minLength: 1, maxLength: 64 }),
});

const page = (title: string, text: string) => `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a">
<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<p><a href="/" style="color:#0b5cad">На главную Excursio</a></p></body></html>`;

/**
 * The reminders' unsubscribe link (GET from the letter, POST for mail clients' one-click, RFC 8058): turns the
 * account's e-mail reminders off. The token is an HMAC of the account id: a link works only for its own account.
 */
export const mailRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, config }) => {
  const schema = {
    summary: 'Unsubscribe from the e-mail reminders (the link of a reminder)',
    tags: ['account'],
    querystring: Query,
    response: { 200: { description: 'HTML page', type: 'string' as const }, 403: { description: 'HTML page', type: 'string' as const } },
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: UNSUBSCRIBE_PATH,
      schema,
      handler: async (request, reply) => {
        const { user, token } = request.query;
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
        if (!unsubscribeTokenMatches(config.realtime.secret, user, token)) {
          return reply.code(403).send(page('Ссылка недействительна', 'Откройте ссылку из последнего письма или выключите напоминания в профиле.'));
        }
        await db.update(users).set({ emailReminders: false }).where(eq(users.id, user));
        return page('Вы отписались от напоминаний', 'Письма-напоминания перед экскурсиями больше не придут. Включить их снова можно в профиле.');
      },
    });
  }
};
