import type { PartnerReview, PartnerReviews, PartnerReviewsQuery } from '@excursio/shared/contracts';
import { SERVICE_TIME_ZONE } from '@excursio/shared/time';
import { and, asc, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions, reviews } from '../../db/schema';
import { fieldError, notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest } from '../../http/pagination';
import { findContact } from '../../text/contacts';

/** Calendar days of the account pages are days on the service's clock. */
const reviewDay = sql`(${reviews.createdAt} at time zone ${SERVICE_TIME_ZONE})::date`;

/** A yyyy-mm-dd that is a real day, or a 422 on `field`. */
export function validDay(value: string | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw fieldError(field, `The ${field.replace(/_/g, ' ')} is not a valid date.`);
  }
  return value;
}

function select(db: Database) {
  return db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      text: reviews.text,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      createdAt: reviews.createdAt,
      orderId: reviews.orderId,
      excursionId: excursions.id,
      title: excursions.title,
      slug: excursions.slug,
      citySlug: cities.slug,
      regionSlug: regions.slug,
    })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toReview = (r: Row): PartnerReview => ({
  id: r.id,
  author_name: r.authorName,
  rating: r.rating,
  text: r.text,
  reply: r.reply,
  replied_at: r.repliedAt ? r.repliedAt.toISOString() : null,
  created_at: r.createdAt.toISOString(),
  order_id: r.orderId,
  excursion: { id: r.excursionId, title: r.title, path: `/excursion/${r.regionSlug}/${r.citySlug}/${r.slug}` },
});

/** The partner's reviews matching the filters, newest first, with the filter's choices and a summary. */
export async function partnerReviews(db: Database, partnerId: number, query: PartnerReviewsQuery): Promise<PartnerReviews> {
  const from = validDay(query.date_from, 'date_from');
  const to = validDay(query.date_to, 'date_to');
  if (from && to && from > to) throw fieldError('date_to', 'The date to must be a date after or equal to date from.');
  const own = eq(excursions.partnerId, partnerId);
  const where: (SQL | undefined)[] = [
    own,
    query.excursion_id ? eq(reviews.excursionId, query.excursion_id) : undefined,
    query.rating ? eq(reviews.rating, query.rating) : undefined,
    from ? gte(reviewDay, sql`${from}::date`) : undefined,
    to ? lte(reviewDay, sql`${to}::date`) : undefined,
    query.unanswered ? isNull(reviews.reply) : undefined,
  ];
  const request = pageRequest(query, 10);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .where(and(...where));
  const total = counted?.total ?? 0;
  const rows =
    total > offsetOf(request)
      ? await select(db)
          .where(and(...where))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(request.perPage)
          .offset(offsetOf(request))
      : [];
  const [summary] = await db
    .select({
      total: sql<number>`count(*)::int`,
      rating: sql<string | null>`avg(${reviews.rating})`,
      unanswered: sql<number>`(count(*) filter (where ${reviews.reply} is null))::int`,
    })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .where(own);
  const choices = await db
    .select({ id: excursions.id, title: excursions.title })
    .from(excursions)
    .where(own)
    .orderBy(asc(excursions.title), asc(excursions.id));
  return {
    reviews: pageOf(rows.map(toReview), total, request),
    excursions: choices,
    summary: {
      total: summary?.total ?? 0,
      rating: summary?.rating ? Math.round(Number(summary.rating) * 100) / 100 : 0,
      unanswered: summary?.unanswered ?? 0,
    },
  };
}

export const REPLY_MAX = 2000;

/** The checked reply text: trimmed, 1…2000 characters, no phone, e-mail or link (422, in Russian: the page shows it). */
export function replyText(raw: string): string {
  const text = raw.trim();
  if (!text) throw fieldError('text', 'Напишите ответ.');
  if (text.length > REPLY_MAX) throw fieldError('text', `Ответ длиннее ${REPLY_MAX} символов.`);
  const contact = findContact(text);
  if (contact === 'phone_or_email') {
    throw fieldError('text', 'Ответ публичный: уберите телефон и e-mail — путешественники связываются с вами через заказ.');
  }
  if (contact === 'link') throw fieldError('text', 'Ответ публичный: уберите ссылки и адреса сайтов, мессенджеров.');
  return text;
}

/**
 * Writes (or replaces) the partner's public reply to a review of one of their excursions; another partner's review
 * or an unknown id is a 404.
 */
export async function replyToReview(db: Database, partnerId: number, reviewId: number, raw: string): Promise<PartnerReview> {
  const [mine] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .where(and(eq(reviews.id, reviewId), eq(excursions.partnerId, partnerId)));
  if (!mine) throw notFound();
  const text = replyText(raw);
  await db.update(reviews).set({ reply: text, repliedAt: new Date() }).where(eq(reviews.id, reviewId));
  const [row] = await select(db).where(eq(reviews.id, reviewId));
  return toReview(row!);
}
