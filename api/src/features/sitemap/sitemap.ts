import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  blogPosts,
  cities,
  countries,
  documents,
  excursionSights,
  excursionTags,
  excursions,
  guides,
  regions,
  sights,
  tags,
} from '../../db/schema';

/** One page of the public catalog, by its address on the site, with when its content last changed (when known). */
export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/** Pages with a fixed address (the spec's public routes). */
const FIXED = ['/', '/excursion', '/excursion/cities', '/blog'];

/**
 * Every public page a search engine should know, from the database: the places, tags, sights and guides that have
 * a published excursion (a place without one is an empty page), the published excursions themselves, the blog's
 * published posts and the /docs pages. The order form, the accounts and `?token=` addresses are never listed.
 */
export async function sitemapEntries(db: Database, now: Date): Promise<SitemapEntry[]> {
  const result = await db.execute(sql`
    with live as (
      select e.id, e.slug, e.updated_at, e.guide_id, c.id as city_id, c.slug as city_slug, r.slug as region_slug, co.slug as country_slug
      from ${excursions} e
      join ${cities} c on c.id = e.city_id
      join ${regions} r on r.id = c.region_id
      join ${countries} co on co.id = r.country_id
      where e.status = 'published'
    )
    select path, max(lastmod) as lastmod from (
      select '/excursion/' || region_slug || '/' || city_slug || '/' || slug as path, updated_at as lastmod from live
      union all select '/country/' || country_slug, updated_at from live
      union all select '/excursion/' || region_slug, updated_at from live
      union all select '/excursion/guides/regions/' || region_slug, updated_at from live
      union all select '/excursion/' || region_slug || '/' || city_slug, updated_at from live
      union all select '/excursion/guides/regions/' || region_slug || '/' || city_slug, updated_at from live
      union all select '/excursion/reviews/' || region_slug || '/' || city_slug, updated_at from live
      union all
        select '/excursion/' || l.region_slug || '/' || l.city_slug || '/tags/' || t.slug, l.updated_at
        from live l join ${excursionTags} et on et.excursion_id = l.id join ${tags} t on t.id = et.tag_id
      union all
        select '/excursion/sight/' || s.slug, l.updated_at
        from live l join ${excursionSights} es on es.excursion_id = l.id join ${sights} s on s.id = es.sight_id
      union all
        select '/excursion/guides/' || g.slug, l.updated_at from live l join ${guides} g on g.id = l.guide_id
      union all select '/blog/' || slug, published_at from ${blogPosts} where published and published_at <= ${now.toISOString()}
      union all select '/docs/' || slug, updated_at from ${documents} where published
    ) pages
    group by path
    order by path
  `);
  // PGlite and node-postgres both answer { rows }
  const rows = (result as unknown as { rows: Array<{ path: string; lastmod: string | Date | null }> }).rows;
  const listed = new Set(rows.map((r) => r.path));
  const fixed = FIXED.filter((path) => !listed.has(path)).map((path) => ({ path, lastmod: null }));
  return [
    ...fixed,
    ...rows.map((r) => ({ path: r.path, lastmod: r.lastmod === null ? null : new Date(r.lastmod).toISOString().slice(0, 10) })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The sitemaps.org XML for the entries, with absolute addresses on `origin`. */
export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(origin + encodeURI(path))}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The site's origin for the addresses: the one the request came through (the shell's server passes it as
 * X-Forwarded-Proto/Host) when it is one of the site's configured origins, the first configured one otherwise — a
 * forged Host never puts a stranger's site into the sitemap.
 */
export function siteOrigin(forwarded: { proto?: string; host?: string }, allowed: readonly string[]): string {
  const claimed = forwarded.proto && forwarded.host ? `${forwarded.proto}://${forwarded.host}` : null;
  if (claimed && allowed.includes(claimed)) return claimed;
  return allowed[0] ?? 'http://localhost:3000';
}
