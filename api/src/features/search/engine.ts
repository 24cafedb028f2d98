import type {
  ExcursionListQuery,
  FacetBand,
  SearchFacets,
  SearchHit,
  SearchPlace,
  SearchQuery,
  SearchResults,
} from '@excursio/shared/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions } from '../../db/schema';
import { offsetOf, pageOf, pageRequest, type PageRequest } from '../../http/pagination';
import { cardColumns, toCards, type CardRow } from '../catalog/cards';
import { listFilters, sortOrder } from '../excursions/list';
import { lexiconOf } from './lexicon';
import { markAll, markerOf, snippetOf } from './marks';
import { matchOf, type Match } from './match';
import { destinationsIn, matchNames, namesIndexOf } from './names';
import { placesOf, tieBreak } from './places';
import { understand } from './understand';

// The search engine over search_documents (migration 0022_search): excursions ranked by match quality (a phrase or the
// exact words first, then word forms, then typo corrections), among equals by rating × popularity and seats available
// soon; the places that match well offered as destinations above them.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * How well an excursion document matches: 3 the name is the phrase, 2.5 the name holds it, 2 the exact words (title,
 * city, sights, guide, tags), 1 word forms; minus 0.5 when a word was a typo correction; plus the weighted text rank
 * (title A … description D) rounded to tenths, so that close matches are equals for the tie-breakers.
 */
export function scoreOf(match: Match): SQL {
  const { phrase, exact, fuzzy, groups, all } = match.understood;
  // when any word may match: 3 for each word group the document has, above everything else
  const coverage =
    match.tsquery === all || groups.length < 2
      ? sql`0`
      : sql.join(groups.map((g) => sql`(case when d.tsv @@ to_tsquery('russian', ${g}) then 3 else 0 end)`), sql` + `);
  return sql`((case when d.name = ${phrase} then 3 when strpos(d.name, ${phrase}) > 0 then 2.5
    when ${exact} <> '' and d.exact @@ to_tsquery('simple', ${exact}) then 2 else 1 end)
    - ${fuzzy ? 0.5 : 0}::float8 + (${coverage})::float8
    + round(ts_rank('{0.05, 0.2, 0.4, 1}', d.tsv, to_tsquery('russian', ${match.tsquery}))::numeric, 1)::float8)`;
}

const DURATION_BANDS: [number, number | null][] = [[0, 120], [120, 240], [240, 480], [480, null]];
// the bands of the filters: duration as the list's duration select offers it, prices in whole roubles
const PRICE_BANDS: [number, number | null][] = [[0, 1999], [2000, 4999], [5000, 9999], [10000, null]];

const bandCounts = (column: SQL, bands: [number, number | null][], name: string) =>
  sql.join(
    bands.map(([min, max], i) =>
      max === null
        ? sql`count(*) filter (where ${column} >= ${min})::int as ${sql.raw(`${name}${i}`)}`
        : sql`count(*) filter (where ${column} >= ${min} and ${column} <= ${max})::int as ${sql.raw(`${name}${i}`)}`,
    ),
    sql`, `,
  );

/** At most this many matches are ranked, paged and counted (the best by match quality), as Meilisearch's maxTotalHits. */
export const MAX_CANDIDATES = 1000;

type FacetRow = Record<string, number> & { cities: SearchFacets['cities'] | string | null };

/** The facet counts of a FacetRow (the statement's counts of the candidates, by city, format and band). */
function facetsOfRow(row: FacetRow | undefined): SearchFacets {
  const counts = (row ?? {}) as FacetRow;
  const cityRows = typeof counts.cities === 'string' ? (JSON.parse(counts.cities) as SearchFacets['cities']) : (counts.cities ?? []);
  const band = (bands: [number, number | null][], name: string): FacetBand[] =>
    bands.map(([min, max], i) => ({ min, max, count: Number(counts[`${name}${i}`] ?? 0) })).filter((b) => b.count > 0);
  return {
    cities: cityRows,
    formats: (['group', 'individual'] as const).map((value) => ({ value, count: Number(counts[value] ?? 0) })).filter((f) => f.count > 0),
    durations: band(DURATION_BANDS, 'd'),
    prices: band(PRICE_BANDS, 'p'),
  };
}

/**
 * Places that match well (from the index of names in memory): their name holds at least one searched word; names
 * holding every word first, then the closest names, then how well they match.
 */
async function destinationsOf(db: Database, match: Match, limit: number): Promise<SearchPlace[]> {
  const index = await namesIndexOf(db, match.understood.version);
  return destinationsIn(index, matchNames(index, match.understood, match.tsquery === match.understood.all)).slice(0, limit);
}

/** The cities whose names are closest to the words tried (the most popular when none is close). */
async function nearestOf(db: Database, tried: string[], limit: number): Promise<SearchPlace[]> {
  const rows = rowsOf<{ ref_id: number }>(
    await db.execute(sql`
      select d.ref_id from search_documents d join cities c on c.id = d.ref_id
      where d.kind = 'city'
        and exists (select 1 from excursions e where e.city_id = c.id and e.status = 'published')
      order by coalesce((select max(greatest(similarity(d.name, t), word_similarity(t, d.name))) from unnest(${sql.param(tried)}::text[]) t), 0) desc,
        c.popularity desc, c.id
      limit ${limit}`),
  );
  return placesOf(db, rows.map((r) => ({ kind: 'city' as const, id: r.ref_id })));
}

type PageRow = FacetRow & CardRow & { total: number; description: string | null };

/**
 * The results page in one statement: the matches that pass the filters, the best MAX_CANDIDATES of them by match
 * quality (each document's score computed once), their total and facet counts, and the requested page of them as
 * cards with the words marked. One row per card, the counts on each (one row without a card past the end).
 */
async function pageOfMatches(db: Database, match: Match, query: SearchQuery, request: PageRequest, now: Date) {
  const filters: ExcursionListQuery = { ...query, q: undefined };
  const popular = !query.sort || query.sort === 'popular';
  const order = popular ? [sql`m.score desc`, sql`m.tie desc`, sql`m.id`] : sortOrder(query.sort);
  const cards = sql.join(
    Object.entries({
      ...cardColumns,
      // the city and region as the candidates carry them (the page joins only the excursions)
      city_id: sql`m.city_id`,
      city_slug: sql`m.slug`,
      city_name: sql`m.name`,
      region_id: sql`m.region_id`,
      region_slug: sql`m.region_slug`,
      region_name: sql`m.region_name`,
      description: excursions.description,
    }).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return rowsOf<PageRow>(
    await db.execute(sql`with m as materialized (
        select ${excursions.id} as id, ${scoreOf(match)} as score, ${tieBreak} as tie, ${excursions.format} as format,
          ${excursions.durationMinutes} as duration_minutes, ${excursions.price} as price,
          ${cities.id} as city_id, ${cities.slug} as slug, ${regions.slug} as region_slug, ${cities.name} as name,
          ${regions.id} as region_id, ${regions.name} as region_name
        from search_documents d
        inner join ${excursions} on ${excursions.id} = d.ref_id
        inner join ${cities} on ${cities.id} = ${excursions.cityId}
        inner join ${regions} on ${regions.id} = ${cities.regionId}
        where d.kind = 'excursion' and d.tsv @@ to_tsquery('russian', ${match.tsquery}) and ${listFilters(filters, now) ?? sql`true`}
        order by 2 desc, 3 desc, 1
        limit ${MAX_CANDIDATES}
      ), f as (
        select count(*)::int as total,
          (select json_agg(x) from (select slug, region_slug, name, count(*)::int as count from m
            group by city_id, slug, region_slug, name order by count(*) desc, name limit 12) x) as cities,
          count(*) filter (where format = 'group')::int as "group",
          count(*) filter (where format = 'individual')::int as "individual",
          ${bandCounts(sql`duration_minutes`, DURATION_BANDS, 'd')},
          ${bandCounts(sql`price`, PRICE_BANDS, 'p')}
        from m
      ), p as (
        select ${cards}, row_number() over (order by ${sql.join(order, sql`, `)}) as n
        from m
        inner join ${excursions} on ${excursions.id} = m.id
        order by ${sql.join(order, sql`, `)}
        limit ${request.perPage} offset ${offsetOf(request)}
      )
      select f.*, p.* from f left join p on true order by p.n`),
  );
}

/** The /excursion?q= page: destinations, a page of excursions with their words marked, facets, and what to try. */
export async function search(db: Database, query: SearchQuery, now: Date): Promise<SearchResults> {
  const request = pageRequest(query, 24);
  const understood = await understand(db, query.q);
  const match = await matchOf(db, understood);
  const text = query.q.slice(0, 200);
  if (!match) {
    return {
      query: { text, corrected: null },
      destinations: [],
      excursions: pageOf([], 0, request),
      facets: { cities: [], formats: [], durations: [], prices: [] },
      nearest: await nearestOf(db, understood.tried, 4),
    };
  }
  const [rows, destinations, lexicon] = await Promise.all([
    pageOfMatches(db, match, query, request, now),
    request.page === 1 ? destinationsOf(db, match, 4) : Promise.resolve([]),
    lexiconOf(db, understood.version),
  ]);
  const total = Number(rows[0]?.total ?? 0);
  const pageRows = rows.filter((r) => r.id !== null && r.id !== undefined);
  const cards = toCards(pageRows);
  const lexemeOf = (word: string) => lexicon.lexemeOf(word);
  const marker = markerOf(understood, lexemeOf);
  const all = match.tsquery === understood.all;
  const hits: SearchHit[] = cards.map((card, i) => ({
    ...card,
    title_parts: markAll(card.title, marker, lexemeOf),
    snippet_parts: snippetOf(pageRows[i]!.description ?? '', marker, lexemeOf, all),
  }));
  return {
    query: { text, corrected: understood.corrected },
    destinations,
    excursions: pageOf(hits, total, request),
    facets: facetsOfRow(rows[0]),
    nearest: total === 0 && destinations.length === 0 ? await nearestOf(db, understood.tried, 4) : [],
  };
}
