import {
  CalendarQuery,
  CalendarResponse,
  CalendarGroupResponse,
  CalendarSlotsResponse,
  GroupRuleBody,
  ClosingBody,
  ClosingPreviewResponse,
  ClosingQuery,
  OneOffSlotBody,
  RowId,
  ScheduleRuleBody,
  SchedulesQuery,
  SchedulesResponse,
  SlotCancelBody,
  SlotsPatchBody,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { partnerCancel, partnerDecline } from '../orders/transitions';
import { calendar } from './calendar';
import { affectedOrders, closeDays, reopenDays } from './closures';
import { createRule, deleteRule, schedulesOf } from './rules';
import { confirmGroup, setGroupRule } from './groups';
import { addOneOffSlot, cancelSlot, patchSlots } from './slots';

const C = '/api/excursion/partner/calendar';
const tags = ['partner'];

/** The partner's calendar: slots, recurring schedules, closed days, many slots edited at once. */
export const scheduleRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock, catalogCache }) => {
  const guard = { onRequest: auth.requireUserType('partner') };
  const security = bearerSecurity;
  const IdParams = Type.Object({ id: RowId });
  /** A request is declined, an accepted order cancelled: the order page's own decisions, with the reason. */
  const endFor = (partnerId: number, now: Date) => async (order: { id: number; status: string }, reason: string) => {
    if (order.status === 'awaiting_confirmation') await partnerDecline(db, broadcaster, order.id, partnerId, now, reason);
    else await partnerCancel(db, broadcaster, order.id, partnerId, now, reason);
  };

  app.get(
    C,
    {
      ...guard,
      schema: { summary: 'My slots of the days from..to (at most two months), on each city’s clock, with seats sold', tags, security, querystring: CalendarQuery, response: { 200: CalendarResponse, ...errorResponses(401, 403, 422) } },
    },
    async (request) => ({ status: true, data: await calendar(db, currentUser(request).id, request.query) }),
  );

  app.get(
    `${C}/schedules`,
    {
      ...guard,
      schema: { summary: 'The recurring schedules and closed days of my excursion', tags, security, querystring: SchedulesQuery, response: { 200: SchedulesResponse, ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => ({ status: true, data: await schedulesOf(db, currentUser(request).id, request.query.excursion_id) }),
  );

  app.post(
    `${C}/schedules`,
    {
      ...guard,
      schema: {
        summary:
          'Add a recurring schedule (weekdays × times over a period); its slots are made for the next 60 days; an overlap with another schedule is refused naming it; 409 naming the slots of the same guide it would run beside, unless allow_overlap',
        tags,
        security,
        body: ScheduleRuleBody,
        response: { 201: SchedulesResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const partnerId = currentUser(request).id;
      await createRule(db, partnerId, request.body, clock.now());
      catalogCache.invalidate();
      return reply.code(201).send({ status: true, data: await schedulesOf(db, partnerId, request.body.excursion_id) });
    },
  );

  app.delete(
    `${C}/schedules/:id`,
    {
      ...guard,
      schema: { summary: 'Remove a schedule and its future slots nobody booked (booked ones stay)', tags, security, params: IdParams, response: { 200: SchedulesResponse, ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => {
      const partnerId = currentUser(request).id;
      const excursionId = await deleteRule(db, partnerId, request.params.id, clock.now());
      catalogCache.invalidate();
      return { status: true, data: await schedulesOf(db, partnerId, excursionId) };
    },
  );

  app.patch(
    `${C}/slots`,
    {
      ...guard,
      schema: {
        summary: 'Change many slots at once (capacity, price for new orders, open or closed, cut-off); all or none',
        tags,
        security,
        body: SlotsPatchBody,
        response: { 200: CalendarSlotsResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const slots = await patchSlots(db, currentUser(request).id, request.body, clock.now());
      catalogCache.invalidate();
      return { status: true, data: slots };
    },
  );

  app.post(
    `${C}/slots`,
    {
      ...guard,
      schema: { summary: 'Add a one-off slot (a day and a time on the city’s clock); 409 naming a slot of the same guide it overlaps, unless allow_overlap', tags, security, body: OneOffSlotBody, response: { 201: CalendarSlotsResponse, ...errorResponses(401, 403, 404, 409, 422) } },
    },
    async (request, reply) => {
      const slots = await addOneOffSlot(db, currentUser(request).id, request.body, clock.now());
      catalogCache.invalidate();
      return reply.code(201).send({ status: true, data: slots });
    },
  );

  app.post(
    `${C}/slots/:id/cancel`,
    {
      ...guard,
      schema: { summary: 'Cancel a slot: its orders cancelled with the reason (refunded, customers told), the slot gone from the catalog', tags, security, params: IdParams, body: SlotCancelBody, response: { 200: Type.Object({ status: Type.Boolean() }), ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => {
      const partnerId = currentUser(request).id;
      const now = clock.now();
      await cancelSlot(db, partnerId, request.params.id, request.body.reason, now, endFor(partnerId, now));
      catalogCache.invalidate();
      return { status: true };
    },
  );

  // A group that gathers (issue 32 §1)
  app.put(
    `${C}/group`,
    {
      ...guard,
      schema: { summary: 'Set (or remove: null) my excursion’s minimum group and how many hours before the start it is decided', tags, security, body: GroupRuleBody, response: { 200: CalendarGroupResponse, ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => {
      const data = await setGroupRule(db, currentUser(request).id, request.body);
      catalogCache.invalidate();
      return { status: true, data };
    },
  );

  app.post(
    `${C}/slots/:id/confirm-group`,
    {
      ...guard,
      schema: { summary: 'Run a gathering slot below its minimum: everyone booked is told «Группа собралась»', tags, security, params: IdParams, response: { 200: CalendarSlotsResponse, ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => {
      const data = await confirmGroup(db, broadcaster, currentUser(request).id, request.params.id, clock.now());
      catalogCache.invalidate();
      return { status: true, data };
    },
  );

  app.get(
    `${C}/closing`,
    {
      ...guard,
      schema: { summary: 'What closing these days would touch: the open slots and the orders in them', tags, security, querystring: ClosingQuery, response: { 200: ClosingPreviewResponse, ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => {
      const { slots, orders } = await affectedOrders(db, currentUser(request).id, request.query.excursion_id, request.query.date_from, request.query.date_to);
      return { status: true, data: { slots, orders } };
    },
  );

  app.post(
    `${C}/closing`,
    {
      ...guard,
      schema: {
        summary: 'Close days of my excursion: orders in them are cancelled with the reason (refunded, customers told) or kept; 409 listing them when not said',
        tags,
        security,
        body: ClosingBody,
        response: { 200: SchedulesResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const partnerId = currentUser(request).id;
      const now = clock.now();
      await closeDays(db, partnerId, request.body, now, endFor(partnerId, now));
      catalogCache.invalidate();
      return { status: true, data: await schedulesOf(db, partnerId, request.body.excursion_id) };
    },
  );

  app.delete(
    `${C}/closing/:id`,
    {
      ...guard,
      schema: { summary: 'Open closed days again', tags, security, params: IdParams, response: { 200: SchedulesResponse, ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => {
      const partnerId = currentUser(request).id;
      const excursionId = await reopenDays(db, partnerId, request.params.id, clock.now());
      catalogCache.invalidate();
      return { status: true, data: await schedulesOf(db, partnerId, excursionId) };
    },
  );
};
