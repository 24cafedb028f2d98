import type { ExcursionCard } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, favorites } from '../../db/schema';
import { fieldError } from '../../http/http-error';
import { cardSelect, isPublished, toCards } from '../catalog/cards';

/** The user's favorite excursion ids, most recently added first. */
export async function favoriteIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: favorites.excursionId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.excursionId));
  return rows.map((row) => row.id);
}

/** Adds a published excursion to the user's favorites (again: no change); 422 for an unknown excursion. */
export async function addFavorite(db: Database, userId: number, excursionId: number): Promise<void> {
  const [excursion] = await db
    .select({ id: excursions.id })
    .from(excursions)
    .where(and(eq(excursions.id, excursionId), eq(excursions.status, 'published')))
    .limit(1);
  if (!excursion) throw fieldError('excursion_id', 'The selected excursion id is invalid.');
  // INSERT … SELECT: an excursion deleted meanwhile is simply not added (no foreign-key error).
  await db.execute(sql`
    INSERT INTO ${favorites} (user_id, excursion_id)
    SELECT ${userId}, ${excursions.id} FROM ${excursions} WHERE ${excursions.id} = ${excursionId}
    ON CONFLICT DO NOTHING
  `);
}

export async function removeFavorite(db: Database, userId: number, excursionId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.excursionId, excursionId)));
}

/** Cards of the user's favorite excursions (published ones), most recently added first. */
export async function favoriteCards(db: Database, userId: number): Promise<ExcursionCard[]> {
  const rows = await cardSelect(db)
    .innerJoin(favorites, and(eq(favorites.excursionId, excursions.id), eq(favorites.userId, userId)))
    .where(isPublished)
    .orderBy(desc(favorites.createdAt), asc(excursions.id))
    .limit(500);
  return toCards(rows);
}
