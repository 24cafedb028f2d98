import type { CatalogContent } from './content/index';
import { mediaUrl } from '../../features/media/url';
import type { Database } from '../client';
import {
  blogPosts,
  cities,
  countries,
  documents,
  excursionPhotos,
  excursionSights,
  excursions,
  excursionTags,
  guides,
  regions,
  sights,
  tags,
  users,
  type PriceUnit,
} from '../schema';
import { chunks, insertAll, must } from './batch';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the later seed steps need to know about an inserted excursion. */
export interface SeededExcursion {
  id: number;
  slug: string;
  partnerId: number;
  format: 'group' | 'individual';
  priceType: 'per_person' | 'per_group';
  price: number;
  priceUnits: PriceUnit[];
  groupSizeMax: number;
  citySlug: string;
  regionSlug: string;
  /** The city's IANA zone: its events start at local clock times. */
  timeZone: string;
}

export interface SeededCatalog {
  userIdByPhone: Map<string, number>;
  excursions: SeededExcursion[];
}

/** Bulk insert with RETURNING, mapping each returned row back to its key (rows come back in input order). */
async function insertKeyed<T extends { key: string }>(
  items: readonly T[],
  run: (batch: T[]) => Promise<{ id: number }[]>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(items)) {
    const returned = await run(batch);
    batch.forEach((item, i) => {
      const row = returned[i];
      if (!row) throw new Error(`Seed: insert returned fewer rows than sent (${item.key})`);
      if (ids.has(item.key)) throw new Error(`Seed catalog: duplicate key "${item.key}"`);
      ids.set(item.key, row.id);
    });
  }
  return ids;
}

export async function seedCatalog(db: Database, content: CatalogContent, now: Date): Promise<SeededCatalog> {
  const countryIds = await insertKeyed(
    content.countries.map((c) => ({ key: c.slug, ...c })),
    (batch) =>
      db
        .insert(countries)
        .values(
          batch.map((c) => ({
            slug: c.slug,
            name: c.name,
            description: c.description,
            photoUrl: mediaUrl('country', c.slug),
          })),
        )
        .returning({ id: countries.id }),
  );
  const regionIds = await insertKeyed(
    content.regions.map((r) => ({ key: r.slug, ...r })),
    (batch) =>
      db
        .insert(regions)
        .values(
          batch.map((r) => ({
            countryId: must(countryIds, r.countrySlug, 'country'),
            slug: r.slug,
            name: r.name,
            description: r.description,
            photoUrl: mediaUrl('region', r.slug),
          })),
        )
        .returning({ id: regions.id }),
  );
  const cityBySlug = new Map(content.cities.map((c) => [c.slug, c]));
  const cityIds = await insertKeyed(
    content.cities.map((c) => ({ key: c.slug, ...c })),
    (batch) =>
      db
        .insert(cities)
        .values(
          batch.map((c) => ({
            regionId: must(regionIds, c.regionSlug, 'region'),
            slug: c.slug,
            name: c.name,
            description: c.description,
            photoUrl: mediaUrl('city', c.slug),
            popularity: c.popularity,
            timeZone: c.timeZone,
          })),
        )
        .returning({ id: cities.id }),
  );
  const tagIds = await insertKeyed(
    content.tags.map((t) => ({ key: t.slug, ...t })),
    (batch) => db.insert(tags).values(batch.map((t) => ({ slug: t.slug, name: t.name }))).returning({ id: tags.id }),
  );
  const sightIds = await insertKeyed(
    content.sights.map((s) => ({ key: s.slug, ...s })),
    (batch) =>
      db
        .insert(sights)
        .values(
          batch.map((s) => ({
            cityId: must(cityIds, s.citySlug, 'city'),
            slug: s.slug,
            name: s.name,
            description: s.description,
            photoUrl: mediaUrl('sight', s.slug),
          })),
        )
        .returning({ id: sights.id }),
  );

  const userIdByPhone = await insertKeyed(
    content.partners.map((p) => ({ key: p.phone, ...p })),
    (batch) =>
      db
        .insert(users)
        .values(batch.map((p) => ({ phone: p.phone, name: p.name, userType: 'partner' as const })))
        .returning({ id: users.id }),
  );
  const guideRows = content.guides.map((g) => ({ key: g.slug, ...g }));
  const guideIds = await insertKeyed(guideRows, (batch) =>
    db
      .insert(guides)
      .values(
        batch.map((g) => ({
          userId: must(userIdByPhone, g.partnerPhone, 'partner phone'),
          regionId: must(regionIds, g.regionSlug, 'region'),
          slug: g.slug,
          name: g.name,
          bio: g.bio,
          photoUrl: mediaUrl('guide', g.slug),
          languages: g.languages,
          rating: g.rating,
        })),
      )
      .returning({ id: guides.id }),
  );
  const partnerOfGuide = new Map(
    content.guides.map((g) => [g.slug, must(userIdByPhone, g.partnerPhone, 'partner phone')]),
  );

  const publishedAt = new Date(now.getTime() - 90 * DAY_MS);
  const excursionIds = await insertKeyed(
    content.excursions.map((e) => ({ key: e.slug, ...e })),
    (batch) =>
      db
        .insert(excursions)
        .values(
          batch.map((e) => ({
            partnerId: must(partnerOfGuide, e.guideSlug, 'guide'),
            guideId: must(guideIds, e.guideSlug, 'guide'),
            cityId: must(cityIds, e.citySlug, 'city'),
            slug: e.slug,
            title: e.title,
            description: e.description,
            programme: e.programme,
            included: e.included,
            excluded: e.excluded,
            languages: e.languages,
            durationMinutes: e.durationMinutes,
            meetingPoint: e.meetingPoint,
            format: e.format,
            priceType: e.priceType,
            price: e.price,
            priceUnits: e.priceUnits,
            groupSizeMax: e.groupSizeMax,
            instantBooking: e.instantBooking,
            cancellationTerms: e.cancellationTerms,
            popularity: e.popularity,
            status: 'published' as const,
            publishedAt,
          })),
        )
        .returning({ id: excursions.id }),
  );

  await insertAll(
    db,
    excursionPhotos,
    content.excursions.flatMap((e) =>
      Array.from({ length: Math.max(1, e.photoCount) }, (_, i) => ({
        excursionId: must(excursionIds, e.slug, 'excursion'),
        url: mediaUrl('excursion', e.slug, i + 1),
        position: i,
      })),
    ),
  );
  await insertAll(
    db,
    excursionTags,
    content.excursions.flatMap((e) =>
      [...new Set(e.tagSlugs)].map((slug) => ({
        excursionId: must(excursionIds, e.slug, 'excursion'),
        tagId: must(tagIds, slug, 'tag'),
      })),
    ),
  );
  await insertAll(
    db,
    excursionSights,
    content.excursions.flatMap((e) =>
      [...new Set(e.sightSlugs)].map((slug) => ({
        excursionId: must(excursionIds, e.slug, 'excursion'),
        sightId: must(sightIds, slug, 'sight'),
      })),
    ),
  );

  await insertAll(
    db,
    blogPosts,
    content.blogPosts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      body: p.body,
      coverUrl: mediaUrl('blog', p.slug),
      publishedAt: new Date(now.getTime() - p.daysAgo * DAY_MS),
    })),
  );
  await insertAll(
    db,
    documents,
    content.documents.map((d) => ({ slug: d.slug, title: d.title, body: d.body, updatedAt: now })),
  );

  return {
    userIdByPhone,
    excursions: content.excursions.map((e) => ({
      id: must(excursionIds, e.slug, 'excursion'),
      slug: e.slug,
      partnerId: must(partnerOfGuide, e.guideSlug, 'guide'),
      format: e.format,
      priceType: e.priceType,
      price: e.price,
      priceUnits: e.priceUnits,
      groupSizeMax: e.groupSizeMax,
      citySlug: e.citySlug,
      regionSlug: must(cityBySlug, e.citySlug, 'city').regionSlug,
      timeZone: must(cityBySlug, e.citySlug, 'city').timeZone,
    })),
  };
}
