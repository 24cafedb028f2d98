import {
  ModerationApproveBody,
  ModerationDetailResponse,
  ModerationItemParams,
  ModerationQueueQuery,
  ModerationRejectBody,
  StaffModerationQueueResponse,
  StaffTemplateBody,
  StaffTemplateListResponse,
  StaffTemplateParams,
  StaffTemplateResponse,
  StatusResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { withEvents } from '../notifications/after-commit';
import { claimItem, decideItem, moderationDetail, releaseItem, staffQueue } from './moderation';
import { requiredText, STAFF_TAGS, staffHooks, staffOf } from './staff';
import { createTemplate, deleteTemplate, templateList, templateOne, updateTemplate, type TemplateKind } from './templates';

const M = '/api/staff/moderation';

/** Moderation in the back office, and the two template lists (moderation rejections, support replies). */
export const moderationRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock, catalogCache }) => {
  const { staff } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };

  app.get(M, { ...staff, schema: { ...common, summary: 'The moderation queue: submitted excursions and proposed changes, oldest first, with who reviews each', querystring: ModerationQueueQuery, response: { 200: StaffModerationQueueResponse, ...errorResponses(401, 403, 422) } } }, async (request) => ({
    status: true,
    data: await staffQueue(db, staffOf(request).id, clock.now(), request.query.kind),
  }));

  app.get(`${M}/:kind/:id`, { ...staff, schema: { ...common, summary: 'One item: the current and proposed values side by side, photos, its claim', params: ModerationItemParams, response: { 200: ModerationDetailResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => ({
    status: true,
    data: await moderationDetail(db, request.params.kind, request.params.id, staffOf(request).id, clock.now()),
  }));

  for (const [action, work] of [['claim', claimItem], ['release', releaseItem]] as const) {
    app.post(`${M}/:kind/:id/${action}`, { ...staff, schema: { ...common, summary: action === 'claim' ? 'Claim an item for review (15 minutes; renewing is claiming again); 409 when someone else holds it' : 'Give a claim back', params: ModerationItemParams, response: { 200: ModerationDetailResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
      const actor = staffOf(request);
      const { kind, id } = request.params;
      await withEvents(db, broadcaster, (tx) => work(tx, actor, kind, id, clock.now()));
      return { status: true, data: await moderationDetail(db, kind, id, actor.id, clock.now()) };
    });
  }

  app.post(`${M}/:kind/:id/approve`, { ...staff, schema: { ...common, summary: 'Approve: published (or the change applied) at once, the partner told; 409 when already decided or claimed by someone else', params: ModerationItemParams, body: ModerationApproveBody, response: { 200: StatusResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    const actor = staffOf(request);
    const comment = request.body.comment?.trim() || null;
    await withEvents(db, broadcaster, (tx) => decideItem(tx, actor, request.params.kind, request.params.id, { approve: true, comment }, clock.now()));
    catalogCache.invalidate();
    return { status: true };
  });

  app.post(`${M}/:kind/:id/reject`, { ...staff, schema: { ...common, summary: 'Reject with a comment the partner sees (live); 409 when already decided or claimed by someone else', params: ModerationItemParams, body: ModerationRejectBody, response: { 200: StatusResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    const actor = staffOf(request);
    const comment = requiredText(request.body.comment, 'comment', 'Напишите, что исправить: партнёр увидит комментарий.', 2000);
    await withEvents(db, broadcaster, (tx) => decideItem(tx, actor, request.params.kind, request.params.id, { approve: false, comment, templateId: request.body.template_id }, clock.now()));
    catalogCache.invalidate();
    return { status: true };
  });

  for (const kind of ['moderation', 'support'] as const satisfies readonly TemplateKind[]) {
    const T = `/api/staff/${kind}/templates`;
    const what = kind === 'moderation' ? 'rejection' : 'reply';
    app.get(T, { ...staff, schema: { ...common, summary: `The ${what} templates`, response: { 200: StaffTemplateListResponse, ...errorResponses(401, 403) } } }, async () => ({ status: true, data: await templateList(db, kind) }));
    app.post(T, { ...staff, schema: { ...common, summary: `A new ${what} template`, body: StaffTemplateBody, response: { 201: StaffTemplateResponse, ...errorResponses(401, 403, 422) } } }, async (request, reply) => {
      const id = await withEvents(db, broadcaster, (tx) => createTemplate(tx, staffOf(request), kind, request.body));
      return reply.code(201).send({ status: true, data: await templateOne(db, kind, id) });
    });
    app.put(`${T}/:id`, { ...staff, schema: { ...common, summary: `Edit a ${what} template`, params: StaffTemplateParams, body: StaffTemplateBody, response: { 200: StaffTemplateResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
      await withEvents(db, broadcaster, (tx) => updateTemplate(tx, staffOf(request), kind, request.params.id, request.body));
      return { status: true, data: await templateOne(db, kind, request.params.id) };
    });
    app.delete(`${T}/:id`, { ...staff, schema: { ...common, summary: `Delete a ${what} template`, params: StaffTemplateParams, response: { 200: StatusResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
      await withEvents(db, broadcaster, (tx) => deleteTemplate(tx, staffOf(request), kind, request.params.id));
      return { status: true };
    });
  }
};
