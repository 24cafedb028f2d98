import { createHash } from 'node:crypto';
import type { UploadedImage } from '@excursio/shared/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { reviewPhotos, uploadedImageFiles, uploadedImages } from '../../../db/schema';
import { HttpError } from '../../../http/http-error';
import { MAX_UPLOAD_BYTES, NOT_AN_IMAGE, processImage, type ImagePreset } from './pipeline';

export const UPLOAD_BASE = '/api/media/u';

interface FileRow {
  name: string;
  width: number;
  contentType: string;
}

/** The public answer for an image and its renditions. */
export function toUploadedImage(image: { id: number; hash: string; preset: string; width: number; height: number }, files: FileRow[]): UploadedImage {
  const webp = files.filter((f) => f.contentType === 'image/webp').sort((a, b) => a.width - b.width);
  const jpeg = files.find((f) => f.contentType === 'image/jpeg');
  const url = (name: string) => `${UPLOAD_BASE}/${image.hash}/${name}`;
  return {
    id: image.id,
    preset: image.preset as ImagePreset,
    width: image.width,
    height: image.height,
    url: url(webp[webp.length - 1]?.name ?? jpeg?.name ?? ''),
    fallback_url: url(jpeg?.name ?? webp[webp.length - 1]?.name ?? ''),
    srcset: webp.map((f) => `${url(f.name)} ${f.width}w`).join(', '),
  };
}

/** Stores a processed picture for its owner (the same picture again is the same image). */
export async function storeImage(db: Database, ownerId: number, preset: ImagePreset, input: Buffer): Promise<UploadedImage> {
  const processed = await processImage(input, preset);
  const hash = createHash('sha256').update(`${ownerId}:${processed.hash}`).digest('hex');
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(uploadedImages).where(eq(uploadedImages.hash, hash));
    const image =
      existing ??
      (await tx.insert(uploadedImages).values({ hash, ownerId, preset, width: processed.width, height: processed.height }).returning())[0];
    if (!image) throw new Error('the uploaded image was not stored');
    if (!existing) {
      await tx.insert(uploadedImageFiles).values(
        processed.renditions.map((r) => ({ imageId: image.id, name: r.name, contentType: r.contentType, width: r.width, bytes: r.bytes })),
      );
    }
    return toUploadedImage(image, processed.renditions);
  });
}

/**
 * The one picture of a multipart request (part `photo`), checked, re-encoded and stored for `ownerId` — every upload
 * of the api goes through here (profile photos, review photos).
 */
export async function receiveImage(request: FastifyRequest, db: Database, ownerId: number, preset: ImagePreset): Promise<UploadedImage> {
  if (!request.isMultipart()) throw new HttpError(422, 'Прикрепите фото.', { photo: ['Прикрепите фото.'] });
  let buffer: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file' && part.fieldname === 'photo') buffer = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer(); // drained, ignored
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(422, 'Файл больше 10 МБ: уменьшите фото и загрузите снова.', { photo: ['Файл больше 10 МБ: уменьшите фото и загрузите снова.'] });
    if (code.startsWith('FST_')) throw new HttpError(422, NOT_AN_IMAGE, { photo: [NOT_AN_IMAGE] });
    throw error;
  }
  if (!buffer || buffer.length === 0) throw new HttpError(422, 'Прикрепите фото.', { photo: ['Прикрепите фото.'] });
  return storeImage(db, ownerId, preset, buffer);
}

/** The owner's images among `ids` with their renditions (an id of someone else's image is simply not there). */
export async function ownedImages(db: Database, ownerId: number, ids: number[]): Promise<Map<number, UploadedImage>> {
  if (ids.length === 0) return new Map();
  const images = await db.select().from(uploadedImages).where(and(eq(uploadedImages.ownerId, ownerId), inArray(uploadedImages.id, ids)));
  return imagesWithFiles(db, images);
}

/** Images (any owner) with their renditions, by id. */
export async function imagesById(db: Database, ids: number[]): Promise<Map<number, UploadedImage>> {
  if (ids.length === 0) return new Map();
  return imagesWithFiles(db, await db.select().from(uploadedImages).where(inArray(uploadedImages.id, ids)));
}

async function imagesWithFiles(db: Database, images: Array<typeof uploadedImages.$inferSelect>): Promise<Map<number, UploadedImage>> {
  if (images.length === 0) return new Map();
  const files = await db
    .select({ imageId: uploadedImageFiles.imageId, name: uploadedImageFiles.name, width: uploadedImageFiles.width, contentType: uploadedImageFiles.contentType })
    .from(uploadedImageFiles)
    .where(inArray(uploadedImageFiles.imageId, images.map((i) => i.id)));
  return new Map(images.map((image) => [image.id, toUploadedImage(image, files.filter((f) => f.imageId === image.id))]));
}

/** The photos of reviews, in order, by review id. */
export async function photosOfReviews(db: Database, reviewIds: number[]): Promise<Map<number, UploadedImage[]>> {
  const out = new Map<number, UploadedImage[]>();
  if (reviewIds.length === 0) return out;
  const links = await db
    .select()
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, reviewIds))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
  const images = await imagesById(db, [...new Set(links.map((l) => l.imageId))]);
  for (const link of links) {
    const image = images.get(link.imageId);
    if (!image) continue;
    out.set(link.reviewId, [...(out.get(link.reviewId) ?? []), image]);
  }
  return out;
}

/** Sets a review's photos (my own uploaded photos, at most `max`, in the given order); 422 for an id not mine. */
export async function setReviewPhotos(db: Database, ownerId: number, reviewId: number, imageIds: number[], max: number): Promise<void> {
  const unique = [...new Set(imageIds)];
  if (unique.length > max) throw new HttpError(422, `Не больше ${max} фото.`, { photo_ids: [`Не больше ${max} фото.`] });
  const mine = await ownedImages(db, ownerId, unique);
  if (unique.some((id) => mine.get(id)?.preset !== 'photo')) {
    throw new HttpError(422, 'Фото не найдено: загрузите его снова.', { photo_ids: ['Фото не найдено: загрузите его снова.'] });
  }
  await db.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId));
  if (unique.length > 0) await db.insert(reviewPhotos).values(unique.map((imageId, position) => ({ reviewId, imageId, position })));
}
