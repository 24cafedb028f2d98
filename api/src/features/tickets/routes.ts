import { TicketCodeParams, TicketQrResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, tickets } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { qrPng, qrSvg, qrSvgDataUrl } from './qr';

/** A ticket of the signed-in customer by its code, or a 404 (another customer's ticket is never shown). */
async function ownTicket(db: Database, code: string, customerId: number): Promise<string> {
  const [row] = await db
    .select({ code: tickets.code })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.code, code), eq(orders.customerId, customerId)))
    .limit(1);
  if (!row) throw notFound();
  return row.code;
}

const image = { 200: { description: 'The QR image', type: 'string' as const }, ...errorResponses(401, 404, 422) };

/** QR codes of tickets, for their owner only. */
export const ticketsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth }) => {
  const common = { tags: ['orders'], security: bearerSecurity, params: TicketCodeParams };
  const base = '/api/excursion/user/ticket/:code';

  app.get(
    `${base}/qr`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'QR of my ticket as an SVG data URL (usable as an <img> src)',
        response: { 200: TicketQrResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const code = await ownTicket(db, request.params.code, currentUser(request).id);
      return { status: true, data: { code, svg_data_url: await qrSvgDataUrl(code) } };
    },
  );

  app.get(
    `${base}/qr.svg`,
    { onRequest: auth.requireUser, schema: { ...common, summary: 'QR of my ticket (SVG)', response: image } },
    async (request, reply) => {
      const code = await ownTicket(db, request.params.code, currentUser(request).id);
      return reply.type('image/svg+xml').header('Cache-Control', 'private, no-store').send(await qrSvg(code));
    },
  );

  app.get(
    `${base}/qr.png`,
    { onRequest: auth.requireUser, schema: { ...common, summary: 'QR of my ticket (PNG)', response: image } },
    async (request, reply) => {
      const code = await ownTicket(db, request.params.code, currentUser(request).id);
      return reply.type('image/png').header('Cache-Control', 'private, no-store').send(await qrPng(code));
    },
  );
};
