import type { SearchPlace, SearchPlaceKind } from '@excursio/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions } from '../../db/schema';

// What search reads of the catalog beside its index: the places' cards and the tie-breaker of equally good matches.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Among equals: rating × popularity, and a slot with free seats in the next two weeks. */
export const tieBreak = sql`(${excursions.rating}::float8 * ln(2 + ${excursions.popularity})
  + case when exists (select 1 from events ev where ev.excursion_id = ${excursions.id} and ev.status = 'active'
      and ev.starts_at > now() and ev.starts_at < now() + interval '14 days' and ev.booked_seats < ev.capacity) then 2 else 0 end)`;

/** Places by kind and id, as SearchPlaces, in the order asked (those without published excursions left out). */
export async function placesOf(db: Database, refs: { kind: SearchPlaceKind; id: number }[]): Promise<SearchPlace[]> {
  if (refs.length === 0) return [];
  const ids = (kind: SearchPlaceKind) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const published = sql`e.status = 'published'`;
  const rows = rowsOf<SearchPlace>(
    await db.execute(sql`
      select 'city' as kind, c.id, c.slug, c.name, r.name as context, '/excursion/' || r.slug || '/' || c.slug as path,
        c.photo_url, (select count(*) from excursions e where e.city_id = c.id and ${published})::int as excursions_count
      from cities c join regions r on r.id = c.region_id where c.id = any(${sql.param(ids('city'))}::int[])
      union all
      select 'region', r.id, r.slug, r.name, co.name, '/excursion/' || r.slug, r.photo_url,
        (select count(*) from excursions e join cities c on c.id = e.city_id where c.region_id = r.id and ${published})::int
      from regions r join countries co on co.id = r.country_id where r.id = any(${sql.param(ids('region'))}::int[])
      union all
      select 'country', co.id, co.slug, co.name, '', '/country/' || co.slug, co.photo_url,
        (select count(*) from excursions e join cities c on c.id = e.city_id join regions r on r.id = c.region_id
          where r.country_id = co.id and ${published})::int
      from countries co where co.id = any(${sql.param(ids('country'))}::int[])
      union all
      select 'sight', s.id, s.slug, s.name, c.name, '/excursion/sight/' || s.slug, s.photo_url,
        (select count(*) from excursion_sights es join excursions e on e.id = es.excursion_id
          where es.sight_id = s.id and ${published})::int
      from sights s join cities c on c.id = s.city_id where s.id = any(${sql.param(ids('sight'))}::int[])
      union all
      select 'guide', g.id, g.slug, g.name, coalesce(r.name, ''), '/excursion/guides/' || g.slug, g.photo_url,
        (select count(*) from excursions e where e.guide_id = g.id and ${published})::int
      from guides g left join regions r on r.id = g.region_id where g.id = any(${sql.param(ids('guide'))}::int[])`),
  );
  const byKey = new Map(rows.map((r) => [`${r.kind}:${r.id}`, r]));
  return refs.flatMap((ref) => {
    const place = byKey.get(`${ref.kind}:${ref.id}`);
    return place && place.excursions_count > 0 ? [place] : [];
  });
}
