import { api, type CityCard, type CountryCard, type TagRef } from '@excursio/shared';
import { REFERENCE_MS, shared } from './apiCache';

// Each page's api call under one key, so its route validation and its loader share the answer.
export const countryCall = (slug: string) => shared(`country:${slug}`, () => api.country(slug));
export const regionCall = (slug: string) => shared(`region:${slug}`, () => api.region(slug));
export const cityCall = (region: string, city: string, tag?: string) =>
  shared(`city:${region}/${city}/${tag ?? ''}`, () => api.city(region, city, tag));
export const excursionCall = (region: string, city: string, slug: string) =>
  shared(`excursion:${region}/${city}/${slug}`, () => api.excursion(region, city, slug));
export const sightCall = (slug: string) => shared(`sight:${slug}`, () => api.sight(slug));
export const guideCall = (slug: string) => shared(`guide:${slug}`, () => api.guide(slug));
export const guidesByPlaceCall = (slug: string) => shared(`guides:${slug}`, () => api.guidesByPlace(slug));
export const placeReviewsCall = (slug: string, page = 1) =>
  shared(`reviews:${slug}:${page}`, () => api.placeReviews(slug, page));
export const blogPostCall = (slug: string) => shared(`blog:${slug}`, () => api.blogPost(slug));
export const documentCall = (slug: string) => shared(`document:${slug}`, () => api.document(slug));

/** Countries for the filters; an empty list when the call fails (the filter then offers none). */
export function countryOptions(): Promise<CountryCard[]> {
  return shared('countries', () => api.countries(), REFERENCE_MS)
    .then((res) => res.data)
    .catch(() => []);
}

/** Cities for the filters (the cities call at its largest limit). */
export function cityOptions(): Promise<CityCard[]> {
  return shared('cities:100', () => api.cities(100), REFERENCE_MS)
    .then((res) => res.data.data)
    .catch(() => []);
}

const tagNames = new Map<string, string>();

/** Tag names seen in any answer, so a chosen tag keeps its name even when nothing matches it. */
export function rememberTags(tags: readonly TagRef[]): void {
  for (const tag of tags) tagNames.set(tag.slug, tag.name);
}

export function knownTag(slug: string): TagRef | undefined {
  const name = tagNames.get(slug);
  return name === undefined ? undefined : { id: 0, slug, name };
}
