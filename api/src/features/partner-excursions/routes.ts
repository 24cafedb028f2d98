import {
  ChangeRequestBody,
  ExcursionFormOptionsResponse,
  ExcursionPhotosBody,
  NewExcursionBody,
  PartnerExcursionFields,
  PartnerExcursionListResponse,
  PartnerExcursionResponse,
  RowId,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { cities, sights, tags } from '../../db/schema';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { withEvents } from '../notifications/after-commit';
import {
  createDraft,
  duplicate,
  moveStatus,
  partnerExcursion,
  partnerExcursionList,
  requestChange,
  saveExcursion,
  setPhotos,
} from './service';

const E = '/api/excursion/partner/excursions';
const IdParams = Type.Object({ id: RowId });

/** The partner's excursions: drafts saved as they are typed, photos, moderation, closed-field changes. */
export const partnerExcursionRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, clock, catalogCache, broadcaster }) => {
  const partner = { onRequest: auth.requireUserType('partner') };
  const common = { tags: ['partner'], security: bearerSecurity };
  const detail = async (partnerId: number, id: number) => ({ status: true as const, data: await partnerExcursion(db, partnerId, id) });

  app.get(E, { ...partner, schema: { ...common, summary: 'My excursions with status, orders and upcoming slots', response: { 200: PartnerExcursionListResponse, ...errorResponses(401, 403) } } }, async (request) => ({
    status: true,
    data: await partnerExcursionList(db, currentUser(request).id, clock.now()),
  }));

  app.get(`${E}/options`, { ...partner, schema: { ...common, summary: 'The editor’s choices: cities, tags and the sights of each city', response: { 200: ExcursionFormOptionsResponse, ...errorResponses(401, 403) } } }, async () => ({
    status: true,
    data: {
      cities: await db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.name)),
      tags: await db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.name)),
      sights: await db.select({ id: sights.id, name: sights.name, city_id: sights.cityId }).from(sights).orderBy(asc(sights.name)),
    },
  }));

  app.post(
    E,
    { ...partner, schema: { ...common, summary: 'Start a new excursion (a draft) in a city', body: NewExcursionBody, response: { 201: PartnerExcursionResponse, ...errorResponses(401, 403, 422) } } },
    async (request, reply) => {
      const partnerId = currentUser(request).id;
      const id = await createDraft(db, partnerId, request.body, clock.now());
      return reply.code(201).send(await detail(partnerId, id));
    },
  );

  app.get(`${E}/:id`, { ...partner, schema: { ...common, summary: 'One of my excursions, as the editor shows it', params: IdParams, response: { 200: PartnerExcursionResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) =>
    detail(currentUser(request).id, request.params.id),
  );

  app.put(
    `${E}/:id`,
    {
      ...partner,
      schema: { ...common, summary: 'Save fields (autosave); a published excursion’s closed fields are refused (propose a change)', params: IdParams, body: PartnerExcursionFields, response: { 200: PartnerExcursionResponse, ...errorResponses(401, 403, 404, 422) } },
    },
    async (request) => {
      const partnerId = currentUser(request).id;
      if (await saveExcursion(db, partnerId, request.params.id, request.body, clock.now())) catalogCache.invalidate();
      return detail(partnerId, request.params.id);
    },
  );

  app.put(
    `${E}/:id/photos`,
    { ...partner, schema: { ...common, summary: 'Set the photos in order (the first is the cover): my uploaded photos', params: IdParams, body: ExcursionPhotosBody, response: { 200: PartnerExcursionResponse, ...errorResponses(401, 403, 404, 422) } } },
    async (request) => {
      const partnerId = currentUser(request).id;
      await setPhotos(db, partnerId, request.params.id, request.body.image_ids);
      catalogCache.invalidate();
      return detail(partnerId, request.params.id);
    },
  );

  for (const action of ['submit', 'withdraw', 'hide', 'show', 'archive', 'restore'] as const) {
    app.post(
      `${E}/:id/${action}`,
      {
        ...partner,
        schema: {
          ...common,
          summary: { submit: 'Send to moderation (422 lists what is missing)', withdraw: 'Take back from moderation to the draft', hide: 'Hide from the catalog', show: 'Show in the catalog again', archive: 'Archive', restore: 'Restore from the archive' }[action],
          params: IdParams,
          response: { 200: PartnerExcursionResponse, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const partnerId = currentUser(request).id;
        await withEvents(db, broadcaster, (tx) => moveStatus(tx, partnerId, request.params.id, action, clock.now()));
        catalogCache.invalidate();
        return detail(partnerId, request.params.id);
      },
    );
  }

  app.post(`${E}/:id/duplicate`, { ...partner, schema: { ...common, summary: 'A new draft with the same content and photos', params: IdParams, response: { 201: PartnerExcursionResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request, reply) => {
    const partnerId = currentUser(request).id;
    const id = await duplicate(db, partnerId, request.params.id, clock.now());
    return reply.code(201).send(await detail(partnerId, id));
  });

  app.post(
    `${E}/:id/change-request`,
    { ...partner, schema: { ...common, summary: 'Propose a change of closed fields (title, city, format, price type) to moderation', params: IdParams, body: ChangeRequestBody, response: { 201: PartnerExcursionResponse, ...errorResponses(401, 403, 404, 422) } } },
    async (request, reply) => {
      const partnerId = currentUser(request).id;
      await withEvents(db, broadcaster, (tx) => requestChange(tx, partnerId, request.params.id, request.body, clock.now()));
      return reply.code(201).send(await detail(partnerId, request.params.id));
    },
  );
  // staff moderation lives in the back office (features/backoffice/moderation-routes.ts)
};
