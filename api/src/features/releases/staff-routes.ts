import {
  ReleaseApp,
  ReleaseChangeResponse,
  ReleaseEnv,
  ReleasePreviewBody,
  ReleasePreviewLinkResponse,
  StaffReleasePromoteBody,
  StaffReleaseRollbackBody,
  StaffReleasesResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { releases } from '../../db/schema';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { resolveRealtimeSecret } from '../../realtime/secret';
import { ADMIN_TAGS, staffHooks, staffOf } from '../backoffice/staff';
import { canaryStats } from './canary';
import { previewLink, promoteCanary, releaseHistory, rollbackRelease, type ReleaseActor } from './registry';

const R = '/api/staff/releases';
const AppParams = Type.Object({ app: ReleaseApp });
const DEFAULT_ENV = 'production';

/** The back office's releases (issue 28): every released app's history, its canary's error rates, rollback, promote, previews. Admins only. */
export const staffReleaseRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, config }) => {
  const { admin } = staffHooks(auth);
  const common = { tags: ADMIN_TAGS, security: bearerSecurity };
  const previewSecret = resolveRealtimeSecret(config);
  const actorOf = (request: Parameters<typeof staffOf>[0]): ReleaseActor => {
    const me = staffOf(request);
    return { staffId: me.id, name: me.name };
  };

  app.get(R, { ...admin, schema: { ...common, summary: 'Every released app: its pointer, canary and error rates, releases and history', querystring: Type.Object({ env: Type.Optional(ReleaseEnv) }), response: { 200: StaffReleasesResponse, ...errorResponses(401, 403, 422) } } }, async (request) => {
    const env = request.query.env ?? DEFAULT_ENV;
    const names = (await db.selectDistinct({ app: releases.app }).from(releases).orderBy(asc(releases.app))).map((r) => r.app);
    const apps = [];
    for (const name of names) {
      const history = await releaseHistory(db, name, env, 30);
      apps.push({ app: name, ...history, canary_stats: await canaryStats(db, name, env) });
    }
    return { status: true, data: { env, rule: { min_errors: config.canary.minErrors, margin_pct: config.canary.marginPct }, apps } };
  });

  app.post(`${R}/:app/rollback`, { ...admin, schema: { ...common, summary: 'Move the pointer back (to the release live before, or to release_id); stops a running canary', params: AppParams, body: StaffReleaseRollbackBody, response: { 200: ReleaseChangeResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => ({
    status: true,
    data: await rollbackRelease(db, { app: request.params.app, env: request.body.env ?? DEFAULT_ENV, releaseId: request.body.release_id, reason: request.body.reason?.trim() || null, actor: actorOf(request), now: new Date() }),
  }));

  app.post(`${R}/:app/promote`, { ...admin, schema: { ...common, summary: 'The canary becomes the live release', params: AppParams, body: StaffReleasePromoteBody, response: { 200: ReleaseChangeResponse, ...errorResponses(401, 403, 409, 422) } } }, async (request) => ({
    status: true,
    data: await promoteCanary(db, { app: request.params.app, env: request.body.env ?? DEFAULT_ENV, actor: actorOf(request), now: new Date() }),
  }));

  app.post(`${R}/:app/preview`, { ...admin, schema: { ...common, summary: 'A signed, expiring link opening the site with one release of the app', params: AppParams, body: ReleasePreviewBody, response: { 200: ReleasePreviewLinkResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => ({
    status: true,
    data: await previewLink(db, previewSecret, request.params.app, request.body.release_id, request.body.minutes ?? 60, new Date()),
  }));
};
