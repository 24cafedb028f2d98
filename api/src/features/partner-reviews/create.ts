import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, guides, reviews } from '../../db/schema';
import { notify } from '../notifications/notify';

export interface NewReview {
  excursionId: number;
  orderId?: number | null;
  userId?: number | null;
  authorName: string;
  rating: number;
  text: string;
}

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/** «Новый отзыв ★★★★☆ об экскурсии «…»: «first 100 characters»». */
export function reviewNoticeText(title: string, rating: number, text: string): string {
  const excerpt = text.length > 100 ? `${text.slice(0, 100)}…` : text;
  return `Новый отзыв ${stars(rating)} об экскурсии «${title}»: «${excerpt}»`;
}

/**
 * Inserts a review, refreshes the excursion's rating and count, and tells its partner (`partner_review_new`, pushed
 * after commit). Run inside `withEvents(db, broadcaster, (tx) => insertReview(tx, …))`: every review that is written
 * goes through here (the customer's review call of the account issue uses it; the seed writes its historical reviews
 * directly, without notifications).
 */
export async function insertReview(tx: Database, input: NewReview): Promise<number> {
  const [row] = await tx
    .insert(reviews)
    .values({
      excursionId: input.excursionId,
      orderId: input.orderId ?? null,
      userId: input.userId ?? null,
      authorName: input.authorName,
      rating: input.rating,
      text: input.text,
    })
    .returning({ id: reviews.id });
  const excursion = await refreshRatings(tx, input.excursionId);
  if (!excursion) throw new Error(`insertReview: no excursion ${input.excursionId}`);
  await notify(tx, {
    userId: excursion.partnerId,
    type: 'partner_review_new',
    text: reviewNoticeText(excursion.title, input.rating, input.text),
    link: '/account/partner/reviews',
    data: { review_id: row!.id },
  });
  return row!.id;
}

/**
 * Recounts an excursion's rating and reviews count from its reviews, and its guide's rating over all the guide's
 * excursions (after a review is written, edited, hidden or restored); hidden reviews do not count.
 */
export async function refreshRatings(tx: Database, excursionId: number): Promise<{ partnerId: number; title: string } | undefined> {
  const [excursion] = await tx
    .update(excursions)
    .set({
      reviewsCount: sql`(select count(*) from ${reviews} where ${reviews.excursionId} = ${excursionId} and ${reviews.hiddenAt} is null)`,
      rating: sql`coalesce((select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.excursionId} = ${excursionId} and ${reviews.hiddenAt} is null), 0)`,
    })
    .where(eq(excursions.id, excursionId))
    .returning({ partnerId: excursions.partnerId, title: excursions.title, guideId: excursions.guideId });
  if (excursion?.guideId) {
    const guideId = excursion.guideId;
    await tx
      .update(guides)
      .set({
        rating: sql`coalesce((select round(avg(${reviews.rating}), 2) from ${reviews} join ${excursions} on ${excursions.id} = ${reviews.excursionId} where ${excursions.guideId} = ${guideId} and ${reviews.hiddenAt} is null), 0)`,
      })
      .where(eq(guides.id, guideId));
  }
  return excursion;
}
