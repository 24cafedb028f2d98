import {
  StaffContentBody,
  StaffContentListResponse,
  StaffContentParams,
  StaffContentPreviewResponse,
  StaffContentResponse,
  StaffContentVersionParams,
  StaffNewPostBody,
  StaffPreviewBody,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { withEvents } from '../notifications/after-commit';
import { contentDetail, contentList, createPost, restoreVersion, saveContent, setPublished } from './content';
import { markdownToBlocks } from './markdown';
import { STAFF_TAGS, staffHooks, staffOf } from './staff';

const C = '/api/staff/content';

/** The blog and the nine /docs pages in the back office. Every write drops the catalog's cached answers. */
export const contentRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock, catalogCache }) => {
  const { staff } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };
  const answer = async (kind: 'blog' | 'document', id: number) => ({ status: true, data: await contentDetail(db, kind, id) });

  app.get(C, { ...staff, schema: { ...common, summary: 'Blog posts and /docs pages with who changed them last', response: { 200: StaffContentListResponse, ...errorResponses(401, 403) } } }, async () => ({ status: true, data: await contentList(db) }));

  app.post(`${C}/preview`, { ...staff, schema: { ...common, summary: 'What Markdown becomes on the page (sanitised blocks); nothing is saved', body: StaffPreviewBody, response: { 200: StaffContentPreviewResponse, ...errorResponses(401, 403, 422) } } }, async (request) => ({
    status: true,
    data: { body: markdownToBlocks(request.body.markdown) },
  }));

  app.post(`${C}/blog`, { ...staff, schema: { ...common, summary: 'A new blog post (unpublished)', body: StaffNewPostBody, response: { 201: StaffContentResponse, ...errorResponses(401, 403, 422) } } }, async (request, reply) => {
    const id = await withEvents(db, broadcaster, (tx) => createPost(tx, staffOf(request), request.body, clock.now()));
    return reply.code(201).send(await answer('blog', id));
  });

  app.get(`${C}/:kind/:id`, { ...staff, schema: { ...common, summary: 'One post or page: its Markdown and every version', params: StaffContentParams, response: { 200: StaffContentResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => answer(request.params.kind, request.params.id));

  app.put(`${C}/:kind/:id`, { ...staff, schema: { ...common, summary: 'Save a new version: sanitised on the server, live at once', params: StaffContentParams, body: StaffContentBody, response: { 200: StaffContentResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => saveContent(tx, staffOf(request), request.params.kind, request.params.id, request.body, clock.now()));
    catalogCache.invalidate();
    return answer(request.params.kind, request.params.id);
  });

  for (const published of [true, false]) {
    app.post(`${C}/:kind/:id/${published ? 'publish' : 'unpublish'}`, { ...staff, schema: { ...common, summary: published ? 'Publish' : 'Unpublish (the public page answers 404)', params: StaffContentParams, response: { 200: StaffContentResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
      await withEvents(db, broadcaster, (tx) => setPublished(tx, staffOf(request), request.params.kind, request.params.id, published, clock.now()));
      catalogCache.invalidate();
      return answer(request.params.kind, request.params.id);
    });
  }

  app.post(`${C}/:kind/:id/restore/:version_id`, { ...staff, schema: { ...common, summary: 'Bring an earlier version back (as a new version)', params: StaffContentVersionParams, response: { 200: StaffContentResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
    const { kind, id, version_id } = request.params;
    await withEvents(db, broadcaster, (tx) => restoreVersion(tx, staffOf(request), kind, id, version_id, clock.now()));
    catalogCache.invalidate();
    return answer(kind, id);
  });
};
