import Type, { type Static } from 'typebox';
import { ExcursionCard, ExcursionFormat, PlaceRef } from './catalog';
import { envelope, Paginated } from './common';
import { ExcursionListQuery } from './excursions';
import { CityCard } from './geo';

// Search (issue 31): one index over excursions and places (PostgreSQL full-text search with word forms, typo
// corrections, the other keyboard layout, transliteration and synonyms).
//   GET /api/excursion/public/search/suggest?q=                  → SuggestResponse (the search box, as you type)
//   GET /api/excursion/public/search?q=&<the list's filters>     → SearchResponse (the /excursion?q= page)

/** A query as typed: any text; only its first 200 characters and 8 words are read (never refused for its content). */
const SearchText = Type.String({ maxLength: 10000 });

export const SuggestQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 10000 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 5 })),
});
export type SuggestQuery = Static<typeof SuggestQuery>;

export const SearchPlaceKind = Type.Union([
  Type.Literal('city'),
  Type.Literal('region'),
  Type.Literal('country'),
  Type.Literal('sight'),
  Type.Literal('guide'),
]);
export type SearchPlaceKind = Static<typeof SearchPlaceKind>;

/** A destination that matches well: offered above the excursions. */
export const SearchPlace = Type.Object({
  kind: SearchPlaceKind,
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  /** Where it is: the region of a city or guide, the country of a region, the city of a sight ('' for a country). */
  context: Type.String(),
  /** The site path of its page. */
  path: Type.String(),
  photo_url: Type.String(),
  /** Published excursions there (of the guide, for a guide). */
  excursions_count: Type.Integer(),
});
export type SearchPlace = Static<typeof SearchPlace>;

export const Suggestions = Type.Object({
  cities: Type.Array(CityCard),
  /** Other destinations: sights, regions, countries, guides. */
  places: Type.Array(SearchPlace),
  excursions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      title: Type.String(),
      photo_url: Type.String(),
      city: PlaceRef,
      region: PlaceRef,
    }),
  ),
  /** What the suggestions are for when it is not what was typed («rfpfym» → «казань»). */
  corrected: Type.Union([Type.String(), Type.Null()]),
});
export type Suggestions = Static<typeof Suggestions>;

export const SuggestResponse = envelope(Suggestions);
export type SuggestResponse = Static<typeof SuggestResponse>;

/** The results page's query: the excursion list's filters with a search text. */
export const SearchQuery = Type.Object({
  ...ExcursionListQuery.properties,
  q: SearchText,
});
export type SearchQuery = Static<typeof SearchQuery>;

/** A piece of a text; `match`: a searched word (the page marks it). Plain text, never HTML. */
export const TextPart = Type.Object({ text: Type.String(), match: Type.Boolean() });
export type TextPart = Static<typeof TextPart>;

export const SearchHit = Type.Object({
  ...ExcursionCard.properties,
  title_parts: Type.Array(TextPart),
  /** A fragment of the description with a match, when the description matched ([] otherwise). */
  snippet_parts: Type.Array(TextPart),
});
export type SearchHit = Static<typeof SearchHit>;

/** A band of a numeric filter: `min` ≤ value ≤ `max` (null: no upper bound), as the filters' *_min and *_max take it. */
export const FacetBand = Type.Object({ min: Type.Integer(), max: Type.Union([Type.Integer(), Type.Null()]), count: Type.Integer() });
export type FacetBand = Static<typeof FacetBand>;

export const SearchFacets = Type.Object({
  cities: Type.Array(
    Type.Object({ slug: Type.String(), region_slug: Type.String(), name: Type.String(), count: Type.Integer() }),
  ),
  formats: Type.Array(Type.Object({ value: ExcursionFormat, count: Type.Integer() })),
  /** Minutes. */
  durations: Type.Array(FacetBand),
  /** Roubles. */
  prices: Type.Array(FacetBand),
});
export type SearchFacets = Static<typeof SearchFacets>;

export const SearchResults = Type.Object({
  query: Type.Object({
    text: Type.String(),
    /** The query the results are for, when it is not what was typed (layout, typo): «Показаны результаты для …». */
    corrected: Type.Union([Type.String(), Type.Null()]),
  }),
  destinations: Type.Array(SearchPlace),
  excursions: Paginated(SearchHit),
  /** Counts over the matches with the chosen filters. */
  facets: SearchFacets,
  /** When nothing matched: the destinations whose names are closest to the query (else the most popular). */
  nearest: Type.Array(SearchPlace),
});
export type SearchResults = Static<typeof SearchResults>;

export const SearchResponse = envelope(SearchResults);
export type SearchResponse = Static<typeof SearchResponse>;
