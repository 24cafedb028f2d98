import { REVIEW_EDIT_DAYS, REVIEW_PHOTOS_MAX, REVIEW_TEXT_MIN, type MyReview, type ReviewInvitation, type UploadedImage } from '@excursio/shared/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders, regions, reviews, users } from '../../db/schema';
import { fieldError, HttpError, notFound } from '../../http/http-error';
import { photosOfReviews, setReviewPhotos } from '../media/uploads/store';
import { insertReview, refreshRatings } from '../partner-reviews/create';
import { selectOrdersWithPlace } from '../orders/orderPlace';

const DAY_MS = 24 * 60 * 60 * 1000;
const EDIT_MS = REVIEW_EDIT_DAYS * DAY_MS;

const excursionPath = (r: { regionSlug: string; citySlug: string; slug: string }) => `/excursion/${r.regionSlug}/${r.citySlug}/${r.slug}`;

/** The text as stored: trimmed, at least a sentence. */
function reviewText(raw: string): string {
  const text = raw.trim();
  if (!text) throw fieldError('text', 'Напишите отзыв.');
  if (text.length < REVIEW_TEXT_MIN) throw fieldError('text', `Отзыв слишком короткий: хотя бы ${REVIEW_TEXT_MIN} символов.`);
  return text;
}

const excursionColumns = {
  excursionId: excursions.id,
  title: excursions.title,
  slug: excursions.slug,
  citySlug: cities.slug,
  regionSlug: regions.slug,
};

/** My reviews (newest first) and my completed orders still waiting for one. */
export async function myReviews(db: Database, userId: number, now: Date): Promise<{ reviews: MyReview[]; awaiting: ReviewInvitation[] }> {
  const written = await db
    .select({
      id: reviews.id,
      orderId: reviews.orderId,
      rating: reviews.rating,
      text: reviews.text,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      createdAt: reviews.createdAt,
      ...excursionColumns,
    })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const awaiting = await selectOrdersWithPlace(db, { orderId: orders.id, startsAt: events.startsAt, timeZone: cities.timeZone, ...excursionColumns })
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.customerId, userId), eq(orders.status, 'completed'), isNull(reviews.id)))
    .orderBy(desc(events.startsAt));
  const photos = await photosOfReviews(db, written.map((r) => r.id));
  return {
    reviews: written.map((r) => toMyReview(r, now, photos.get(r.id) ?? [])),
    awaiting: awaiting.map((a) => ({
      order_id: a.orderId,
      starts_at: a.startsAt.toISOString(),
      time_zone: a.timeZone,
      excursion: { id: a.excursionId, title: a.title, path: excursionPath(a) },
    })),
  };
}

function toMyReview(
  r: { id: number; orderId: number | null; rating: number; text: string; reply: string | null; repliedAt: Date | null; createdAt: Date } & {
    excursionId: number;
    title: string;
    slug: string;
    citySlug: string;
    regionSlug: string;
  },
  now: Date,
  photos: UploadedImage[],
): MyReview {
  const until = r.createdAt.getTime() + EDIT_MS;
  return {
    id: r.id,
    order_id: r.orderId,
    rating: r.rating,
    text: r.text,
    reply: r.reply,
    replied_at: r.repliedAt ? r.repliedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    editable_until: until > now.getTime() ? new Date(until).toISOString() : null,
    excursion: { id: r.excursionId, title: r.title, path: excursionPath(r) },
    photos,
  };
}

async function oneOfMine(db: Database, userId: number, reviewId: number, now: Date): Promise<MyReview> {
  const { reviews: mine } = await myReviews(db, userId, now);
  const review = mine.find((r) => r.id === reviewId);
  if (!review) throw notFound();
  return review;
}

/** A review of a completed order of mine, once per order; the partner is told, the ratings recounted. */
export async function writeReview(
  tx: Database,
  userId: number,
  input: { order_id: number; rating: number; text: string; photo_ids?: number[] | undefined },
): Promise<number> {
  const text = reviewText(input.text);
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, excursionId: orders.excursionId, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(and(eq(orders.id, input.order_id), eq(orders.customerId, userId)))
    .for('update', { of: orders });
  // another customer's order reads as no order at all
  if (!order) throw fieldError('order_id', 'Заказ не найден.');
  if (order.status !== 'completed') throw fieldError('order_id', 'Отзыв можно оставить после того, как экскурсия состоялась.');
  const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderId, order.id));
  if (existing) throw new HttpError(409, 'Отзыв об этом заказе уже есть: его можно изменить.', { order_id: ['Отзыв об этом заказе уже есть.'] });
  const id = await insertReview(tx, {
    excursionId: order.excursionId,
    orderId: order.id,
    userId,
    authorName: order.name,
    rating: input.rating,
    text,
  });
  await setReviewPhotos(tx, userId, id, input.photo_ids ?? [], REVIEW_PHOTOS_MAX);
  return id;
}

/** Changes my review while it is editable (7 days); the ratings are recounted. */
export async function editReview(
  tx: Database,
  userId: number,
  reviewId: number,
  input: { rating: number; text: string; photo_ids?: number[] | undefined },
  now: Date,
): Promise<void> {
  const text = reviewText(input.text);
  const [review] = await tx
    .select({ id: reviews.id, excursionId: reviews.excursionId, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .for('update');
  if (!review) throw notFound();
  if (review.createdAt.getTime() + EDIT_MS <= now.getTime()) {
    throw fieldError('text', `Отзыв можно изменить в течение ${REVIEW_EDIT_DAYS} дней после публикации.`);
  }
  await tx.update(reviews).set({ rating: input.rating, text }).where(eq(reviews.id, review.id));
  if (input.photo_ids) await setReviewPhotos(tx, userId, review.id, input.photo_ids, REVIEW_PHOTOS_MAX);
  await refreshRatings(tx, review.excursionId);
}

export { oneOfMine };
