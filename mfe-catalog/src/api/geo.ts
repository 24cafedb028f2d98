import { http } from '@excursio/shared';
import type { CitiesResponse, CityPageResponse, CountriesResponse, CountryResponse, RegionResponse } from '@excursio/shared';
import { PUBLIC, seg } from './paths';

/** Countries, regions and cities. */
export const geoApi = {
  countries: () => http.request<CountriesResponse>('GET', `${PUBLIC}/countries`),
  country: (countrySlug: string) => http.request<CountryResponse>('GET', `${PUBLIC}/countries/${seg(countrySlug)}`),
  region: (regionSlug: string) => http.request<RegionResponse>('GET', `${PUBLIC}/regions/${seg(regionSlug)}`),
  /** The city page; with `tagSlug` the tag page (unknown tag → 404). */
  city: (regionSlug: string, citySlug: string, tagSlug?: string) =>
    http.request<CityPageResponse>('GET', `${PUBLIC}/cities/${seg(regionSlug)}/${seg(citySlug)}`, { query: { tag: tagSlug } }),
  /** Cities with excursions, most popular first (`limit` at most 100). */
  cities: (limit = 10) => http.request<CitiesResponse>('GET', `${PUBLIC}/excursion/cities`, { query: { limit } }),
};
