import { sql } from 'drizzle-orm';
import type { CatalogContent } from './content/index';
import type { Database } from '../client';
import { excursions, reviews } from '../schema';
import { insertAll, must } from './batch';
import { DAY_MS } from './events';

export async function seedReviews(
  db: Database,
  content: CatalogContent,
  excursionIds: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  await insertAll(
    db,
    reviews,
    content.reviews.map((r) => {
      const createdAt = new Date(now.getTime() - r.daysAgo * DAY_MS);
      return {
        excursionId: must(excursionIds, r.excursionSlug, 'excursion'),
        authorName: r.authorName,
        rating: Math.min(5, Math.max(1, Math.round(r.rating))),
        text: r.text,
        reply: r.reply,
        repliedAt: r.reply === null ? null : new Date(createdAt.getTime() + DAY_MS),
        createdAt,
      };
    }),
  );
}

/** Sets every excursion's rating (average, 2 decimals) and reviews_count from its reviews. */
export async function recomputeExcursionRatings(db: Database): Promise<void> {
  await db.execute(sql`
    UPDATE ${excursions} AS e
    SET rating = COALESCE(r.average, 0), reviews_count = COALESCE(r.total, 0)
    FROM ${excursions} AS x
    LEFT JOIN (
      SELECT excursion_id, ROUND(AVG(rating)::numeric, 2) AS average, COUNT(*)::int AS total
      FROM ${reviews}
      GROUP BY excursion_id
    ) AS r ON r.excursion_id = x.id
    WHERE e.id = x.id
  `);
}
