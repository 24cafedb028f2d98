import { envelope, OutboxEntry, RowId } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq } from 'drizzle-orm';
import Type from 'typebox';
import type { Database } from '../../db/client';
import { ssoOutbox } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { errorResponses } from '../../http/schemas';
import { toOutboxEntry } from './dev-channel';
import { requirePhone } from './phone';
import type { SsoService } from './service';

export interface OutboxRouteOptions {
  db: Database;
  service: SsoService;
}

/** How many entries GET /api/dev/outbox returns at most. */
const OUTBOX_LIMIT = 50;

const OutboxQuery = Type.Object({ phone: Type.Optional(Type.String({ maxLength: 25 })) });
const OutboxParams = Type.Object({ id: RowId });
const OutboxListResponse = envelope(Type.Array(OutboxEntry));
const OutboxEntryResponse = envelope(OutboxEntry);

/** Development only (APP_ENV=development): what the dev PhoneChannel sent, and answering its pushes. */
export const outboxRoutes: FastifyPluginAsyncTypebox<OutboxRouteOptions> = async (app, { db, service }) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Development only: pushes, calls and SMS of the dev channel, newest first (optionally of one phone)',
        tags: ['dev'],
        querystring: OutboxQuery,
        response: { 200: OutboxListResponse, ...errorResponses(422) },
      },
    },
    async (request) => {
      const raw = request.query.phone;
      const phone = raw ? requirePhone(raw) : null;
      const rows = await db
        .select()
        .from(ssoOutbox)
        .where(phone ? eq(ssoOutbox.phone, phone) : undefined)
        .orderBy(desc(ssoOutbox.id))
        .limit(OUTBOX_LIMIT);
      return { status: true, data: rows.map(toOutboxEntry) };
    },
  );

  for (const answer of ['confirm', 'decline'] as const) {
    app.post(
      `/api/dev/outbox/:id/${answer}`,
      {
        schema: {
          summary: `Development only: ${answer}s a push of the dev channel`,
          tags: ['dev'],
          params: OutboxParams,
          response: { 200: OutboxEntryResponse, ...errorResponses(404, 422) },
        },
      },
      async (request) => {
        const [entry] = await db.select().from(ssoOutbox).where(eq(ssoOutbox.id, request.params.id)).limit(1);
        if (!entry) throw notFound();
        if (entry.channel !== 'push') throw outboxError('Only a push can be confirmed or declined.');
        if (entry.status !== 'sent') throw outboxError('This push has already been answered.');
        const status = answer === 'confirm' ? 'confirmed' : 'declined';
        if (!(await service.answerPush(entry.authRequestId, status))) {
          throw outboxError('The sign-in request no longer awaits this push.');
        }
        const [updated] = await db.update(ssoOutbox).set({ status }).where(eq(ssoOutbox.id, entry.id)).returning();
        return { status: true, data: toOutboxEntry(updated ?? { ...entry, status }) };
      },
    );
  }
};

const outboxError = (message: string) => new HttpError(422, message, { id: [message] });
