import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { isPhotoKind, PHOTO_KINDS, renderPhotoSvg } from '../../media/photo';
import type { Deps } from '../../deps';
import { notFound } from '../../http/http-error';
import { errorResponses } from '../../http/schemas';
import { MEDIA_FILE_PATTERN, MEDIA_KEY_PATTERN } from './url';

/** A picture opened on its own must not run anything: an SVG is a document. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export const mediaRoutes: FastifyPluginAsyncTypebox<Deps> = async (app) => {
  app.get(
    '/api/media/:kind/:key/:file',
    {
      schema: {
        summary: 'Generated photo (SVG) of a catalog item: /api/media/<kind>/<key>/<variant>.svg',
        tags: ['media'],
        // Free-form on purpose: a malformed name is a 404 (a missing file), not a validation error.
        params: Type.Object({
          // 100: Fastify's maxParamLength, so a longer one is the same 414 as before
          kind: Type.String({ maxLength: 100, description: PHOTO_KINDS.join(' | ') }),
          key: Type.String({ maxLength: 100 }),
          file: Type.String({ maxLength: 100, description: '<variant>.svg, variant 1–99' }),
        }),
        response: {
          200: Type.String({ description: 'image/svg+xml' }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { kind, key, file } = request.params;
      const variant = MEDIA_FILE_PATTERN.exec(file)?.[1];
      if (!isPhotoKind(kind) || !MEDIA_KEY_PATTERN.test(key) || variant === undefined) throw notFound();
      const svg = renderPhotoSvg(kind, key, Number(variant));
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', SVG_CSP)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(svg);
    },
  );
};
