import {
  StaffSynonymGroupBody,
  StaffSynonymGroupListResponse,
  StaffSynonymGroupParams,
  StaffSynonymGroupResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Database } from '../../db/client';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { STAFF_TAGS, staffHooks, staffOf } from './staff';
import { createSynonymGroup, deleteSynonymGroup, synonymGroup, synonymGroups, updateSynonymGroup } from './synonyms';

const S = '/api/staff/search/synonyms';

const TAKEN = 'Эти слова только что добавили в другую группу: обновите страницу.';

/** Two staff members saving the same word at once: the second gets a 422, not a 500. */
async function inTransaction<T>(db: Database, write: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => write(tx as unknown as Database));
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new HttpError(422, TAKEN, { terms: [TAKEN] });
    throw error;
  }
}

/** The search's synonym groups: any staff member lists, adds, edits and removes them; each change is audited. */
export const synonymRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, catalogCache }) => {
  const { staff } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };

  app.get(S, { ...staff, schema: { ...common, summary: 'The search’s synonym groups, by what they search', response: { 200: StaffSynonymGroupListResponse, ...errorResponses(401, 403) } } }, async () => ({
    status: true,
    data: await synonymGroups(db),
  }));

  app.post(S, { ...staff, schema: { ...common, summary: 'A new synonym group: search follows at once', body: StaffSynonymGroupBody, response: { 201: StaffSynonymGroupResponse, ...errorResponses(401, 403, 422) } } }, async (request, reply) => {
    const id = await inTransaction(db, (tx) => createSynonymGroup(tx, staffOf(request), request.body));
    catalogCache.invalidate();
    return reply.code(201).send({ status: true, data: await synonymGroup(db, id) });
  });

  app.put(`${S}/:id`, { ...staff, schema: { ...common, summary: 'Change a synonym group: what it searches and its words', params: StaffSynonymGroupParams, body: StaffSynonymGroupBody, response: { 200: StaffSynonymGroupResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
    await inTransaction(db, (tx) => updateSynonymGroup(tx, staffOf(request), request.params.id, request.body));
    catalogCache.invalidate();
    return { status: true, data: await synonymGroup(db, request.params.id) };
  });

  app.delete(`${S}/:id`, { ...staff, schema: { ...common, summary: 'Remove a synonym group and its words', params: StaffSynonymGroupParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 422) } } }, async (request, reply) => {
    await inTransaction(db, (tx) => deleteSynonymGroup(tx, staffOf(request), request.params.id));
    catalogCache.invalidate();
    return reply.code(204).send(null);
  });
};
