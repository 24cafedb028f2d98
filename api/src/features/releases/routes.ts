import {
  LiveReleasesResponse,
  ReleaseApp,
  ReleaseChangeResponse,
  ReleaseEnv,
  ReleaseHistoryResponse,
  ReleasePreviewBody,
  ReleasePreviewLinkResponse,
  ReleasePreviewResponse,
  ReleasePromoteBody,
  ReleasePublishBody,
  ReleaseRollbackBody,
  ReleasedBuilds,
  RetainedBuildsResponse,
  StatusResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/http-error';
import { errorResponses } from '../../http/schemas';
import { countReleaseEvent } from './canary';
import { liveReleases, previewLink, promoteCanary, publishRelease, releaseHistory, retainedBuilds, rollbackRelease, type ReleaseActor } from './registry';
import { resolveRealtimeSecret } from '../../realtime/secret';
import { readPreview } from './preview';
import { resolveReleaseToken, tokenMatches } from './token';

/** Marks a route as needing the release command's `X-Release-Token` in the OpenAPI document. */
export const releaseTokenSecurity = [{ releaseToken: [] }];
const TAGS = ['releases'];
const AppParams = Type.Object({ app: ReleaseApp });
const EnvQuery = Type.Object({ env: Type.Optional(ReleaseEnv) });
const DEFAULT_ENV = 'production';

/**
 * The release command's api (issue 28; scripts/release.mjs): record a build and move its app's pointer, roll back,
 * promote a canary, list the history, the builds to keep. Every call but /live needs the release token.
 */
export const releaseRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, config }) => {
  const expected = resolveReleaseToken(config);
  const previewSecret = resolveRealtimeSecret(config);
  const tokenOnly = {
    onRequest: async (request: FastifyRequest) => {
      const presented = request.headers['x-release-token'];
      if (!tokenMatches(typeof presented === 'string' ? presented : undefined, expected)) {
        throw new HttpError(401, expected ? 'Нужен действующий X-Release-Token.' : 'RELEASE_TOKEN не задан: выпуски меняют только администраторы в бэк-офисе.');
      }
    },
  };
  const common = { tags: TAGS, security: releaseTokenSecurity };
  const actorOf = (name: string | undefined): ReleaseActor => ({ staffId: null, name: name?.trim() || 'release-token' });

  // polled by every shell server every RELEASES_POLL_MS: its request lines only at warn
  app.get('/api/releases/live', { logLevel: 'warn', schema: { tags: TAGS, summary: "Every app's live build and canary in an environment (the shell server follows it)", querystring: EnvQuery, response: { 200: LiveReleasesResponse, ...errorResponses(422) } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: true, data: await liveReleases(db, request.query.env ?? DEFAULT_ENV) };
  });

  app.post(
    '/api/releases/seen',
    {
      logLevel: 'warn',
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: TAGS, summary: 'A page load with released builds (the canary\'s error rate: errors per load); no sign-in', body: Type.Object({ builds: ReleasedBuilds }), response: { 200: StatusResponse, ...errorResponses(422, 429) } },
    },
    async (request) => {
      await countReleaseEvent(db, request.body.builds, 'loads', new Date());
      return { status: true };
    },
  );

  app.get('/api/releases/:app', { ...tokenOnly, schema: { ...common, summary: "An app's releases and its pointer's history, newest first", params: AppParams, querystring: EnvQuery, response: { 200: ReleaseHistoryResponse, ...errorResponses(401, 422) } } }, async (request) => ({
    status: true,
    data: await releaseHistory(db, request.params.app, request.query.env ?? DEFAULT_ENV),
  }));

  app.post('/api/releases/:app', { ...tokenOnly, schema: { ...common, summary: 'Record a build and move the pointer to it (or start it as a canary); 409 when the gate refuses it', params: AppParams, body: ReleasePublishBody, response: { 200: ReleaseChangeResponse, ...errorResponses(401, 409, 422) } } }, async (request) => {
    const body = request.body;
    return {
      status: true,
      data: await publishRelease(db, {
        app: request.params.app,
        env: body.env ?? DEFAULT_ENV,
        build: body.build,
        canaryPercent: body.canary_percent,
        force: body.force,
        shellProvides: body.shell_provides ?? null,
        actor: actorOf(body.actor),
        now: new Date(),
      }),
    };
  });

  app.post('/api/releases/:app/rollback', { ...tokenOnly, schema: { ...common, summary: 'Move the pointer back (to the release live before, or to release_id); stops a running canary', params: AppParams, body: ReleaseRollbackBody, response: { 200: ReleaseChangeResponse, ...errorResponses(401, 404, 409, 422) } } }, async (request) => ({
    status: true,
    data: await rollbackRelease(db, {
      app: request.params.app,
      env: request.body.env ?? DEFAULT_ENV,
      releaseId: request.body.release_id,
      force: request.body.force,
      reason: request.body.reason ?? null,
      actor: actorOf(request.body.actor),
      now: new Date(),
    }),
  }));

  app.post('/api/releases/:app/promote', { ...tokenOnly, schema: { ...common, summary: 'The canary becomes the live release', params: AppParams, body: ReleasePromoteBody, response: { 200: ReleaseChangeResponse, ...errorResponses(401, 409, 422) } } }, async (request) => ({
    status: true,
    data: await promoteCanary(db, { app: request.params.app, env: request.body.env ?? DEFAULT_ENV, actor: actorOf(request.body.actor), now: new Date() }),
  }));

  app.get('/api/releases/preview', { schema: { tags: TAGS, summary: 'Whether a preview link holds: the app and build it opens (the shell server asks); 404 when invalid or expired', querystring: Type.Object({ token: Type.String({ maxLength: 500 }) }), response: { 200: ReleasePreviewResponse, ...errorResponses(404, 422) } } }, async (request, reply) => {
    const preview = readPreview(previewSecret, request.query.token, new Date());
    if (!preview) throw new HttpError(404, 'Ссылка предпросмотра недействительна или истекла.', {});
    reply.header('Cache-Control', 'no-store');
    return { status: true, data: preview };
  });

  app.post('/api/releases/:app/preview', { ...tokenOnly, schema: { ...common, summary: 'A signed, expiring link opening the site with one release of the app (not live yet)', params: AppParams, body: ReleasePreviewBody, response: { 200: ReleasePreviewLinkResponse, ...errorResponses(401, 404, 422) } } }, async (request) => ({
    status: true,
    data: await previewLink(db, previewSecret, request.params.app, request.body.release_id, request.body.minutes ?? 60, new Date()),
  }));

  app.get('/api/releases/:app/retained', { ...tokenOnly, schema: { ...common, summary: 'The build hashes whose files must stay (the newest `keep` and every one a pointer names)', params: AppParams, querystring: Type.Object({ keep: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }) }), response: { 200: RetainedBuildsResponse, ...errorResponses(401, 422) } } }, async (request) => ({
    status: true,
    data: { keep: await retainedBuilds(db, request.params.app, request.query.keep) },
  }));
};
