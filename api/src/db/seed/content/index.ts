// Entry point of the seed catalog: deterministic Russian content for every catalog table.
import { buildBlogPosts } from './blog';
import { FOREIGN_CITIES } from './cities-abroad';
import { RUSSIAN_CITIES } from './cities-russia';
import { DOCUMENTS } from './documents/index';
import { buildExcursions } from './excursions';
import { COUNTRIES, REGIONS, timeZoneOfRegion } from './geography';
import { GUIDES, PARTNERS } from './partners';
import { buildReviews } from './reviews';
import { buildSights } from './sights';
import { TAGS } from './tags';
import type { CatalogContent } from './types';

export type {
  BlogPostContent, CatalogContent, CityContent, CountryContent, DocBlock, DocumentContent, ExcursionContent, GuideContent,
  PartnerContent, PriceUnitContent, RegionContent, ReviewContent, SightContent, TagContent,
} from './types';

export function buildCatalogContent(): CatalogContent {
  const cityInfos = [...RUSSIAN_CITIES, ...FOREIGN_CITIES];
  const sightInfos = buildSights(cityInfos.map((c) => c.slug));
  const russianRegions = new Set(REGIONS.filter((r) => r.countrySlug === 'rossiya').map((r) => r.slug));
  const excursions = buildExcursions(cityInfos, sightInfos, GUIDES, russianRegions);
  const sights = sightInfos.map(({ slug, citySlug, name, description }) => ({ slug, citySlug, name, description }));
  const content: CatalogContent = {
    countries: COUNTRIES,
    regions: REGIONS,
    cities: cityInfos.map(({ slug, regionSlug, name, description, popularity }) => ({
      slug, regionSlug, name, description, popularity, timeZone: timeZoneOfRegion(regionSlug),
    })),
    tags: TAGS,
    sights,
    partners: PARTNERS,
    guides: GUIDES,
    excursions,
    reviews: buildReviews(excursions, GUIDES, sights),
    blogPosts: buildBlogPosts(),
    documents: DOCUMENTS,
  };
  // A deep copy, so a caller that mutates the result cannot change the next call's output.
  return structuredClone(content);
}
