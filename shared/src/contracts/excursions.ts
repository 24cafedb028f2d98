import Type, { type Static } from 'typebox';
import { envelope, Paginated } from './common';
import { CityCard } from './catalog';

// Public catalog calls (designed: the spec shows them as "not shown"). All answers are `{ status, data }`;
// paged lists are `data: { data: [...], current_page, last_page, per_page, total }`. Unknown slugs are 404.
//   GET /api/excursion/public/countries                          → CountriesResponse
//   GET /api/excursion/public/countries/{country_slug}           → CountryResponse (regions + cities)
//   GET /api/excursion/public/regions/{region_slug}              → RegionResponse (cities)
//   GET /api/excursion/public/cities/{region_slug}/{city_slug}   → CityPageResponse (?tag= filters; unknown tag → 404)
//   GET /api/excursion/public/excursions                         → ExcursionListResponse (ExcursionListQuery)
//   GET /api/excursion/public/excursions/popular                 → ExcursionCardsResponse (?limit=)
//   GET /api/excursion/public/excursion/{region}/{city}/{slug}   → ExcursionDetailResponse
//   GET /api/excursion/public/excursions/{id}/events             → ExcursionEventsResponse (next 60 days)
//   GET /api/excursion/public/excursions/{id}/reviews            → ReviewListResponse (?page, per_page)
//   GET /api/excursion/public/sights/popular                     → SightCardsResponse (?limit=)
//   GET /api/excursion/public/sight/{slug...}                    → SightResponse
//   GET /api/excursion/public/guides/{slug}                      → GuideResponse
//   GET /api/excursion/public/guides/regions/{region}[/{city}]   → GuidesByPlaceResponse
//   GET /api/excursion/public/reviews/fresh                      → ReviewCardsResponse (?limit=)
//   GET /api/excursion/public/reviews/{region}[/{city}[/{excursion}]] → PlaceReviewsResponse (?page, per_page)
//   GET /api/excursion/public/search/suggest?q=                  → SuggestResponse
//   GET /api/excursion/public/blog                               → BlogListResponse (?page, per_page)
//   GET /api/excursion/public/blog/{slug}                        → BlogPostResponse
//   GET /api/excursion/public/documents/{slug}                   → DocumentResponse
//   GET /api/excursion/user/favorite                             → ExcursionCardsResponse (bearer)

/** A slug in a path or filter: any string; an unknown one is a 404 (path) or an empty list (filter), never a 422. */
export const CatalogSlug = Type.String({ minLength: 1, maxLength: 240 });

export const ExcursionFormat = Type.Union([Type.Literal('group'), Type.Literal('individual')]);
export type ExcursionFormat = Static<typeof ExcursionFormat>;
export const PriceType = Type.Union([Type.Literal('per_person'), Type.Literal('per_group')]);
export type PriceType = Static<typeof PriceType>;

/** A reference to a place: slug + name. */
export const PlaceRef = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() });
export type PlaceRef = Static<typeof PlaceRef>;

export const TagRef = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() });
export type TagRef = Static<typeof TagRef>;

/** A tag present in a city, with the number of published excursions carrying it there. */
export const TagCount = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  excursions_count: Type.Integer(),
});
export type TagCount = Static<typeof TagCount>;

/** One price line (adult, child, … or the whole group); `price` in whole roubles. */
export const PriceUnit = Type.Object({ code: Type.String(), name: Type.String(), price: Type.Integer() });
export type PriceUnit = Static<typeof PriceUnit>;

/** An excursion in lists (catalog, city, guide, favorites). `price` is the base price (per person or per group). */
export const ExcursionCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  photo_url: Type.String(),
  city: PlaceRef,
  region: PlaceRef,
  price: Type.Integer(),
  price_type: PriceType,
  duration_minutes: Type.Integer(),
  format: ExcursionFormat,
  languages: Type.Array(Type.String()),
  rating: Type.Number(),
  reviews_count: Type.Integer(),
  instant_booking: Type.Boolean(),
  tags: Type.Array(TagRef),
});
export type ExcursionCard = Static<typeof ExcursionCard>;

export const ExcursionCardsResponse = envelope(Type.Array(ExcursionCard));
export type ExcursionCardsResponse = Static<typeof ExcursionCardsResponse>;

export const ExcursionSort = Type.Union([
  Type.Literal('popular'),
  Type.Literal('price_asc'),
  Type.Literal('price_desc'),
  Type.Literal('rating'),
]);
export type ExcursionSort = Static<typeof ExcursionSort>;

export const CatalogDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Filters of GET /api/excursion/public/excursions (all optional; `date` = has an active event that day on the city's clock). */
export const ExcursionListQuery = Type.Object({
  country: Type.Optional(CatalogSlug),
  region: Type.Optional(CatalogSlug),
  city: Type.Optional(CatalogSlug),
  tag: Type.Optional(CatalogSlug),
  date: Type.Optional(CatalogDate),
  price_min: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000000 })),
  price_max: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000000 })),
  /** Minutes. */
  duration_min: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  duration_max: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  /** Language code: ru, en, … */
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 8, pattern: '^[a-z]{2,8}$' })),
  format: Type.Optional(ExcursionFormat),
  rating_min: Type.Optional(Type.Number({ minimum: 0, maximum: 5 })),
  /** Case-insensitive search in the title and the city name. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(ExcursionSort),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 24 })),
});
export type ExcursionListQuery = Static<typeof ExcursionListQuery>;

export const ExcursionListResponse = envelope(Paginated(ExcursionCard));
export type ExcursionListResponse = Static<typeof ExcursionListResponse>;

export const CatalogLimitQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 8 })) });
export type CatalogLimitQuery = Static<typeof CatalogLimitQuery>;

export const CatalogPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 10 })),
});
export type CatalogPageQuery = Static<typeof CatalogPageQuery>;

// ---- geography ----

export const CountryCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  excursions_count: Type.Integer(),
});
export type CountryCard = Static<typeof CountryCard>;
export const CountriesResponse = envelope(Type.Array(CountryCard));
export type CountriesResponse = Static<typeof CountriesResponse>;

export const RegionCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  excursions_count: Type.Integer(),
});
export type RegionCard = Static<typeof RegionCard>;

export const CountryPage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  photo_url: Type.String(),
  regions: Type.Array(RegionCard),
  /** Cities of the country that have published excursions, most popular first. */
  cities: Type.Array(CityCard),
});
export type CountryPage = Static<typeof CountryPage>;
export const CountryResponse = envelope(CountryPage);
export type CountryResponse = Static<typeof CountryResponse>;

export const RegionPage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  photo_url: Type.String(),
  country: PlaceRef,
  cities: Type.Array(CityCard),
  /** Most popular excursions of the region. */
  excursions: Type.Array(ExcursionCard),
});
export type RegionPage = Static<typeof RegionPage>;
export const RegionResponse = envelope(RegionPage);
export type RegionResponse = Static<typeof RegionResponse>;

export const SightCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  city: PlaceRef,
  region: PlaceRef,
  excursions_count: Type.Integer(),
});
export type SightCard = Static<typeof SightCard>;
export const SightCardsResponse = envelope(Type.Array(SightCard));
export type SightCardsResponse = Static<typeof SightCardsResponse>;

export const GuideCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  languages: Type.Array(Type.String()),
  rating: Type.Number(),
  region: Type.Union([PlaceRef, Type.Null()]),
  excursions_count: Type.Integer(),
});
export type GuideCard = Static<typeof GuideCard>;

export const CityTagQuery = Type.Object({ tag: Type.Optional(CatalogSlug) });
export type CityTagQuery = Static<typeof CityTagQuery>;

export const CityPage = Type.Object({
  city: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    description: Type.String(),
    photo_url: Type.String(),
    region: PlaceRef,
    country: PlaceRef,
    excursions_count: Type.Integer(),
  }),
  /** The tag of /excursion/{region}/{city}/tags/{tag_slug}, null on the plain city page. */
  tag: Type.Union([TagRef, Type.Null()]),
  tags: Type.Array(TagCount),
  sights: Type.Array(SightCard),
  guides: Type.Array(GuideCard),
  /** Top 12 excursions (of the tag when given), most popular first; the full list is the excursions call. */
  excursions: Type.Array(ExcursionCard),
});
export type CityPage = Static<typeof CityPage>;
export const CityPageResponse = envelope(CityPage);
export type CityPageResponse = Static<typeof CityPageResponse>;
