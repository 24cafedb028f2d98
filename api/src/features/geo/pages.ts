import type { CityPage, CountryCard, CountryPage, RegionCard, RegionPage, TagCount } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, countries, excursions, excursionTags, regions, sights, tags } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { cardsWhere } from '../catalog/cards';
import { guideCards, guidesWorkingIn } from '../guides/cards';
import { sightCards } from '../sights/cards';
import { cityCards, findCity } from './cities';

/** Published excursions joined to a city (left joins keep places without any); count them with `excursionsCount`. */
const excursionsCount = sql<number>`count(${excursions.id})::int`;
const publishedOfCity = and(eq(excursions.cityId, cities.id), eq(excursions.status, 'published'));

// Single-table selects render their columns unqualified, so counts are joins + GROUP BY, not correlated subqueries.
export async function countryCards(db: Database): Promise<CountryCard[]> {
  return db
    .select({
      id: countries.id,
      slug: countries.slug,
      name: countries.name,
      photo_url: countries.photoUrl,
      excursions_count: excursionsCount,
    })
    .from(countries)
    .leftJoin(regions, eq(regions.countryId, countries.id))
    .leftJoin(cities, eq(cities.regionId, regions.id))
    .leftJoin(excursions, publishedOfCity)
    .groupBy(countries.id)
    .orderBy(desc(excursionsCount), asc(countries.name));
}

async function regionCards(db: Database, countryId: number): Promise<RegionCard[]> {
  return db
    .select({ id: regions.id, slug: regions.slug, name: regions.name, photo_url: regions.photoUrl, excursions_count: excursionsCount })
    .from(regions)
    .leftJoin(cities, eq(cities.regionId, regions.id))
    .leftJoin(excursions, publishedOfCity)
    .where(eq(regions.countryId, countryId))
    .groupBy(regions.id)
    .orderBy(desc(excursionsCount), asc(regions.name));
}

export async function countryPage(db: Database, slug: string): Promise<CountryPage> {
  const country = await db.query.countries.findFirst({ where: eq(countries.slug, slug) });
  if (!country) throw notFound();
  const [regionList, cityList] = await Promise.all([
    regionCards(db, country.id),
    cityCards(db, eq(regions.countryId, country.id), { withExcursionsOnly: true }),
  ]);
  return {
    id: country.id,
    slug: country.slug,
    name: country.name,
    description: country.description,
    photo_url: country.photoUrl,
    regions: regionList,
    cities: cityList,
  };
}

export async function regionPage(db: Database, slug: string): Promise<RegionPage> {
  const [region] = await db
    .select({ region: regions, country: { id: countries.id, slug: countries.slug, name: countries.name } })
    .from(regions)
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(eq(regions.slug, slug))
    .limit(1);
  if (!region) throw notFound();
  const [cityList, top] = await Promise.all([
    cityCards(db, eq(cities.regionId, region.region.id)),
    cardsWhere(db, sql`${cities.regionId} = ${region.region.id}`, 12),
  ]);
  const r = region.region;
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    photo_url: r.photoUrl,
    country: region.country,
    cities: cityList,
    excursions: top,
  };
}

async function tagCounts(db: Database, cityId: number): Promise<TagCount[]> {
  const count = sql<number>`count(*)::int`;
  return db
    .select({ id: tags.id, slug: tags.slug, name: tags.name, excursions_count: count })
    .from(excursionTags)
    .innerJoin(tags, eq(tags.id, excursionTags.tagId))
    .innerJoin(excursions, eq(excursions.id, excursionTags.excursionId))
    .where(and(eq(excursions.cityId, cityId), eq(excursions.status, 'published')))
    .groupBy(tags.id)
    .orderBy(desc(count), asc(tags.name));
}

/** The city page (or its tag page: an unknown tag, or one with no excursions in the city, is a 404). */
export async function cityPage(db: Database, regionSlug: string, citySlug: string, tagSlug?: string): Promise<CityPage> {
  const { city, region, country } = await findCity(db, regionSlug, citySlug);
  const tagList = await tagCounts(db, city.id);
  const tag = tagSlug === undefined ? null : (tagList.find((t) => t.slug === tagSlug) ?? null);
  if (tagSlug !== undefined && !tag) throw notFound();
  const tagCondition = tag
    ? sql` and exists (select 1 from ${excursionTags} where ${excursionTags.excursionId} = ${excursions.id} and ${excursionTags.tagId} = ${tag.id})`
    : sql``;
  const [sightList, guideList, top, [counted]] = await Promise.all([
    sightCards(db, eq(sights.cityId, city.id), 12),
    guideCards(db, guidesWorkingIn(sql`${cities.id} = ${city.id}`), 12),
    cardsWhere(db, sql`${excursions.cityId} = ${city.id}${tagCondition}`, 12),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(excursions)
      .where(and(eq(excursions.cityId, city.id), eq(excursions.status, 'published'))),
  ]);
  return {
    city: {
      id: city.id,
      slug: city.slug,
      name: city.name,
      description: city.description,
      photo_url: city.photoUrl,
      region,
      country,
      excursions_count: counted?.n ?? 0,
    },
    tag: tag ? { id: tag.id, slug: tag.slug, name: tag.name } : null,
    tags: tagList,
    sights: sightList,
    guides: guideList,
    excursions: top,
  };
}
