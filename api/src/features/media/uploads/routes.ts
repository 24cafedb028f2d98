import multipart from '@fastify/multipart';
import { UploadedImageResponse, UploadQuery } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import Type from 'typebox';
import type { Deps } from '../../../deps';
import { uploadedImageFiles, uploadedImages } from '../../../db/schema';
import { notFound } from '../../../http/http-error';
import { bearerSecurity, errorResponses } from '../../../http/schemas';
import { currentUser } from '../../auth/guard';
import { MAX_UPLOAD_BYTES } from './pipeline';
import { receiveImage } from './store';

const FILE = /^(\d{2,4})\.(webp|jpg)$/;
const HASH = /^[0-9a-f]{64}$/;
/** Uploads per account an hour. */
const UPLOADS_PER_HOUR = 60;

/** Picture uploads of signed-in accounts, and their renditions (public: they are shown on public pages). */
export const uploadRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  const limit = app.createRateLimit({ max: UPLOADS_PER_HOUR, timeWindow: 60 * 60 * 1000, keyGenerator: (request) => `upload:${request.auth?.user.id ?? request.ip}` });

  app.post(
    '/api/media/uploads',
    {
      onRequest: auth.requireUser,
      preHandler: async (request, reply) => {
        const outcome = await limit(request);
        if (!outcome.isAllowed && outcome.isExceeded) {
          return reply.code(429).send({ message: 'Слишком много загрузок. Попробуйте через час.', errors: {} });
        }
      },
      schema: {
        summary: 'Upload a picture (multipart part `photo`): checked from its bytes, metadata removed, resized; 10 MB, 50 MP',
        tags: ['media'],
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: { 201: UploadedImageResponse, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const image = await receiveImage(request, db, currentUser(request).id, request.query.preset ?? 'photo');
      return reply.code(201).send({ status: true, data: image });
    },
  );

  app.get(
    '/api/media/u/:hash/:file',
    {
      schema: {
        summary: 'A rendition of an uploaded picture (/api/media/u/<hash>/<width>.webp or .jpg), cached forever',
        tags: ['media'],
        params: Type.Object({ hash: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 40 }) }),
        response: { 200: Type.String({ description: 'image/webp or image/jpeg' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { hash, file } = request.params;
      if (!HASH.test(hash) || !FILE.test(file)) throw notFound();
      const [row] = await db
        .select({ bytes: uploadedImageFiles.bytes, contentType: uploadedImageFiles.contentType })
        .from(uploadedImageFiles)
        .innerJoin(uploadedImages, eq(uploadedImages.id, uploadedImageFiles.imageId))
        .where(and(eq(uploadedImages.hash, hash), eq(uploadedImageFiles.name, file)));
      if (!row) throw notFound();
      return reply
        .type(row.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(row.bytes);
    },
  );
};
