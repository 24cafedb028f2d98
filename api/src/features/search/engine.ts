import type {
  ExcursionListQuery,
  FacetBand,
  SearchFacets,
  SearchHit,
  SearchPlace,
  SearchQuery,
  SearchResults,
  TextPart,
} from '@excursio/shared/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions } from '../../db/schema';
import { offsetOf, pageOf, pageRequest } from '../../http/pagination';
import { countedCardSelect, toCards } from '../catalog/cards';
import { listFilters, sortOrder } from '../excursions/list';
import { matchingExcursions, matchOf, type Match } from './match';
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

const MARK_START = '\u0001';
const MARK_END = '\u0002';
const HEADLINE = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
const SNIPPET = `MaxFragments=1, MaxWords=22, MinWords=10, ShortWord=2, FragmentDelimiter=" … ", StartSel=${MARK_START}, StopSel=${MARK_END}`;

/**
 * A headline of `original` (computed on its ё → е copy, so the same length) as parts: the marked words of the
 * copy are cut from the original. For a snippet (not the whole text) the copy's own text is used.
 */
export function partsOf(headline: string, original: string | null): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const re = new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, 'g');
  let last = 0;
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const piece = original === null ? text : original.slice(at, at + text.length);
    at += text.length;
    const prev = parts[parts.length - 1];
    if (prev && prev.match === match) prev.text += piece;
    else parts.push({ text: piece, match });
  };
  for (const m of headline.matchAll(re)) {
    push(headline.slice(last, m.index), false);
    push(m[1]!, true);
    last = m.index + m[0].length;
  }
  push(headline.slice(last), false);
  return parts;
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

async function facetsOf(db: Database, where: SQL | undefined): Promise<SearchFacets> {
  const [cityRows, totals] = await Promise.all([
    db
      .select({ slug: cities.slug, region_slug: regions.slug, name: cities.name, count: sql<number>`count(*)::int` })
      .from(excursions)
      .innerJoin(cities, eq(cities.id, excursions.cityId))
      .innerJoin(regions, eq(regions.id, cities.regionId))
      .where(where)
      .groupBy(cities.id, cities.slug, regions.slug, cities.name)
      .orderBy(sql`count(*) desc`, cities.name)
      .limit(12),
    db.execute(sql`select
        count(*) filter (where ${excursions.format} = 'group')::int as "group",
        count(*) filter (where ${excursions.format} = 'individual')::int as "individual",
        ${bandCounts(sql`${excursions.durationMinutes}`, DURATION_BANDS, 'd')},
        ${bandCounts(sql`${excursions.price}`, PRICE_BANDS, 'p')}
      from ${excursions} inner join ${cities} on ${cities.id} = ${excursions.cityId}
      inner join ${regions} on ${regions.id} = ${cities.regionId}
      where ${where ?? sql`true`}`),
  ]);
  const row = (rowsOf<Record<string, number>>(totals)[0] ?? {}) as Record<string, number>;
  const band = (bands: [number, number | null][], name: string): FacetBand[] =>
    bands.map(([min, max], i) => ({ min, max, count: Number(row[`${name}${i}`] ?? 0) })).filter((b) => b.count > 0);
  return {
    cities: cityRows,
    formats: (['group', 'individual'] as const).map((value) => ({ value, count: Number(row[value] ?? 0) })).filter((f) => f.count > 0),
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

/** The words of a hit's title and description marked by the query. */
async function highlight(db: Database, ids: number[], tsquery: string) {
  if (ids.length === 0) return new Map<number, { title: TextPart[]; snippet: TextPart[] }>();
  const rows = rowsOf<{ id: number; title: string; title_marked: string; snippet: string }>(
    await db.execute(sql`
      select e.id, e.title,
        ts_headline('russian', translate(e.title, 'ёЁ', 'еЕ'), to_tsquery('russian', ${tsquery}), ${HEADLINE}) as title_marked,
        case when ts_filter(d.tsv, '{d}') @@ to_tsquery('russian', ${tsquery})
          then ts_headline('russian', e.description, to_tsquery('russian', ${tsquery}), ${SNIPPET}) else '' end as snippet
      from excursions e join search_documents d on d.kind = 'excursion' and d.ref_id = e.id
      where e.id = any(${sql.param(ids)}::int[])`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { title: partsOf(r.title_marked, r.title), snippet: r.snippet.includes(MARK_START) ? partsOf(r.snippet, null) : [] },
    ]),
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
  const filters: ExcursionListQuery = { ...query, q: undefined };
  const where = and(listFilters(filters, now), matchingExcursions(match));
  const score = sql<number>`(select ${scoreOf(match)} from search_documents d where d.kind = 'excursion' and d.ref_id = ${excursions.id})`;
  const order =
    query.sort && query.sort !== 'popular'
      ? undefined
      : [sql`${score} desc`, sql`${tieBreak} desc`, sql`${excursions.id}`];
  const [rows, destinations, facets] = await Promise.all([
    countedCardSelect(db)
      .where(where)
      .orderBy(...(order ?? sortOrder(query.sort)))
      .limit(request.perPage)
      .offset(offsetOf(request)),
    request.page === 1 ? destinationsOf(db, match, 4) : Promise.resolve([]),
    facetsOf(db, where),
  ]);
  const total = rows[0]?.total ?? facets.formats.reduce((sum, f) => sum + f.count, 0);
  const cards = toCards(rows);
  const marks = await highlight(db, cards.map((c) => c.id), match.tsquery);
  const hits: SearchHit[] = cards.map((card) => ({
    ...card,
    title_parts: marks.get(card.id)?.title ?? [{ text: card.title, match: false }],
    snippet_parts: marks.get(card.id)?.snippet ?? [],
  }));
  return {
    query: { text, corrected: understood.corrected },
    destinations,
    excursions: pageOf(hits, total, request),
    facets,
    nearest: total === 0 && destinations.length === 0 ? await nearestOf(db, understood.tried, 4) : [],
  };
}
