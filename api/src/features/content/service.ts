import type { BlogPost, BlogPostCard, CatalogPageQuery, DocumentPage } from '@excursio/shared/contracts';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blogPosts, documents } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';

const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  cover_url: blogPosts.coverUrl,
  published_at: blogPosts.publishedAt,
};

/** Published posts (published by staff, publication date not in the future), newest first. */
export async function blogList(db: Database, query: CatalogPageQuery, now: Date): Promise<Page<BlogPostCard>> {
  const request = pageRequest(query, 12);
  const published = and(eq(blogPosts.published, true), lte(blogPosts.publishedAt, now));
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts).where(published);
  const total = counted?.n ?? 0;
  const rows =
    total > offsetOf(request)
      ? await db
          .select(cardColumns)
          .from(blogPosts)
          .where(published)
          .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
          .limit(request.perPage)
          .offset(offsetOf(request))
      : [];
  return pageOf(
    rows.map((r) => ({ ...r, published_at: r.published_at.toISOString() })),
    total,
    request,
  );
}

export async function blogPost(db: Database, slug: string, now: Date): Promise<BlogPost> {
  const post = await db.query.blogPosts.findFirst({ where: eq(blogPosts.slug, slug) });
  if (!post || !post.published || post.publishedAt > now) throw notFound();
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    cover_url: post.coverUrl,
    published_at: post.publishedAt.toISOString(),
    body: post.body,
  };
}

/** One of the /docs pages; the body stays DocBlock JSON (the frontend renders it as text, never as HTML). */
export async function documentPage(db: Database, slug: string): Promise<DocumentPage> {
  const doc = await db.query.documents.findFirst({ where: eq(documents.slug, slug) });
  if (!doc || !doc.published) throw notFound();
  return { slug: doc.slug, title: doc.title, updated_at: doc.updatedAt.toISOString(), body: doc.body };
}
