import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions } from '../../db/schema';
import { notFound } from '../../http/http-error';

/** The partner's excursion with its city's zone; another partner's is a 404. */
export async function ownExcursion(db: Database, partnerId: number, excursionId: number) {
  const [row] = await db
    .select({ id: excursions.id, title: excursions.title, price: excursions.price, timeZone: cities.timeZone })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(eq(excursions.id, excursionId), eq(excursions.partnerId, partnerId)));
  if (!row) throw notFound();
  return row;
}

/** The time zone of an excursion's city (its slots' clock); undefined for no such excursion. */
export async function excursionZone(db: Database, excursionId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: cities.timeZone })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(excursions.id, excursionId));
  return row?.timeZone;
}
