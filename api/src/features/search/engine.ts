import type { SearchHit, SearchPlace, SearchQuery, SearchResults } from '@excursio/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pageOf, pageRequest } from '../../http/pagination';
import { lexiconOf } from './lexicon';
import { markAll, markerOf, snippetOf } from './marks';
import { destinationsIn, matchNames, namesIndexOf } from './names';
import { placesOf } from './places';
import { compiledOf, datedIds, factsOf, rankResults } from './results';
import { understand } from './understand';

// The search engine over search_documents (migration 0022_search): excursions ranked by match quality (a phrase or the
// exact words first, then word forms, then typo corrections), among equals by rating × popularity and seats available
// soon; the places that match well offered as destinations above them. Answered from memory (results.ts, names.ts,
// lexicon.ts) after the one round trip that reads the index's and the catalog's versions (issue 31, speed).

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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

/** The /excursion?q= page: destinations, a page of excursions with their words marked, facets, and what to try. */
export async function search(db: Database, query: SearchQuery, now: Date): Promise<SearchResults> {
  const request = pageRequest(query, 24);
  const understood = await understand(db, query.q);
  const text = query.q.slice(0, 200);
  if (!understood.all) {
    return {
      query: { text, corrected: null },
      destinations: [],
      excursions: pageOf([], 0, request),
      facets: { cities: [], formats: [], durations: [], prices: [] },
      nearest: await nearestOf(db, understood.tried, 4),
    };
  }
  // everything from memory as of the versions just read (the index of names, the vocabulary, the excursions' facts)
  const [index, facts, lexicon, compiled, dated] = await Promise.all([
    namesIndexOf(db, understood.version, understood.catalog),
    factsOf(db, understood.version, understood.catalog, now.getTime()),
    lexiconOf(db, understood.version),
    compiledOf(db, understood),
    query.date ? datedIds(db, query.date, now) : Promise.resolve(null),
  ]);
  const ranked = rankResults(index, facts, understood, compiled, query, request, now.getTime(), dated);
  const all = ranked.all;
  const destinations =
    request.page === 1 ? destinationsIn(index, matchNames(index, understood, all, true)).slice(0, 4) : [];
  const lexemeOf = lexicon.lexemeOfWord;
  const marker = markerOf(understood, lexemeOf);
  const hits: SearchHit[] = ranked.page.map(({ card, description }) => ({
    ...card,
    title_parts: markAll(card.title, marker, lexemeOf),
    snippet_parts: snippetOf(description, marker, lexemeOf, all),
  }));
  return {
    query: { text, corrected: understood.corrected },
    destinations,
    excursions: pageOf(hits, ranked.total, request),
    facets: ranked.facets,
    nearest: ranked.total === 0 && destinations.length === 0 ? await nearestOf(db, understood.tried, 4) : [],
  };
}
