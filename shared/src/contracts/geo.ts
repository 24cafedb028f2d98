import Type, { type Static } from 'typebox';
import { CatalogSlug, ExcursionCard, PlaceRef, TagRef } from './catalog';
import { envelope } from './common';
import { GuideCard } from './guides';
import { SightCard } from './sights';

// Countries, regions and cities (public, `{ status, data }`, unknown slugs 404):
//   GET /api/excursion/public/countries                          → CountriesResponse
//   GET /api/excursion/public/countries/{country_slug}           → CountryResponse (regions + cities)
//   GET /api/excursion/public/regions/{region_slug}              → RegionResponse (cities)
//   GET /api/excursion/public/cities/{region_slug}/{city_slug}   → CityPageResponse (?tag= filters; unknown tag → 404)
//   GET /api/excursion/public/excursion/cities                   → CitiesResponse (?limit=; the list is at data.data)

export const CityCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  region_slug: Type.String(),
  region_name: Type.String(),
  country_slug: Type.String(),
  photo_url: Type.String(),
  excursions_count: Type.Integer(),
});
export type CityCard = Static<typeof CityCard>;

export const CitiesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type CitiesQuery = Static<typeof CitiesQuery>;

/** GET /api/excursion/public/excursion/cities — the list is at data.data. */
export const CitiesResponse = envelope(Type.Object({ data: Type.Array(CityCard) }));
export type CitiesResponse = Static<typeof CitiesResponse>;

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

/** A tag present in a city, with the number of published excursions carrying it there. */
export const TagCount = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  excursions_count: Type.Integer(),
});
export type TagCount = Static<typeof TagCount>;

export const CityParams = Type.Object({ region_slug: CatalogSlug, city_slug: CatalogSlug });

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
