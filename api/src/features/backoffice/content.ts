import type { ContentKind, DocBlock, StaffContent, StaffContentBody, StaffContentListItem, StaffNewPostBody } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blogPosts, contentVersions, documents, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { mediaUrl } from '../media/url';
import { audit } from './audit';
import { blocksToMarkdown, markdownToBlocks } from './markdown';
import { requiredText, type StaffActor } from './staff';

/** The blog and the /docs pages in the back office: Markdown versions with who and when, publish / unpublish. */

interface Item {
  kind: ContentKind;
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  coverUrl: string | null;
  published: boolean;
  body: DocBlock[];
  updatedAt: Date;
}

async function items(db: Database, kind?: ContentKind, id?: number): Promise<Item[]> {
  const out: Item[] = [];
  if (kind !== 'document') {
    const posts = await db.select().from(blogPosts).where(id ? eq(blogPosts.id, id) : undefined).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
    out.push(...posts.map((p) => ({ kind: 'blog' as const, id: p.id, slug: p.slug, title: p.title, excerpt: p.excerpt, coverUrl: p.coverUrl, published: p.published, body: p.body, updatedAt: p.updatedAt })));
  }
  if (kind !== 'blog') {
    const docs = await db.select().from(documents).where(id ? eq(documents.id, id) : undefined).orderBy(asc(documents.slug));
    out.push(...docs.map((d) => ({ kind: 'document' as const, id: d.id, slug: d.slug, title: d.title, excerpt: '', coverUrl: null, published: d.published, body: d.body, updatedAt: d.updatedAt })));
  }
  return out;
}

async function versionsOf(db: Database, kind: ContentKind, id: number) {
  return db
    .select({ v: contentVersions, author: users.name })
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.authorId))
    .where(and(eq(contentVersions.kind, kind), eq(contentVersions.contentId, id)))
    .orderBy(desc(contentVersions.id));
}

const urlOf = (kind: ContentKind, slug: string) => (kind === 'blog' ? `/blog/${slug}` : `/docs/${slug}`);

export async function contentList(db: Database): Promise<StaffContentListItem[]> {
  const all = await items(db);
  const latest = await db.execute(sql`select distinct on (v.kind, v.content_id) v.kind, v.content_id, v.author_id, u.name as author_name,
      count(*) over (partition by v.kind, v.content_id)::int as versions
    from content_versions v left join users u on u.id = v.author_id
    order by v.kind, v.content_id, v.id desc`);
  const rows = (latest as unknown as { rows: Array<{ kind: string; content_id: number; author_id: number | null; author_name: string | null; versions: number }> }).rows;
  const byKey = new Map(rows.map((r) => [`${r.kind}:${r.content_id}`, r]));
  return all.map((i) => {
    const v = byKey.get(`${i.kind}:${i.id}`);
    return {
      kind: i.kind,
      id: i.id,
      slug: i.slug,
      title: i.title,
      published: i.published,
      url: urlOf(i.kind, i.slug),
      updated_at: i.updatedAt.toISOString(),
      updated_by: v?.author_id != null && v.author_name != null ? { id: v.author_id, name: v.author_name } : null,
      versions_count: Number(v?.versions ?? 0),
    };
  });
}

export async function contentDetail(db: Database, kind: ContentKind, id: number): Promise<StaffContent> {
  const [item] = await items(db, kind, id);
  if (!item) throw notFound();
  const versions = await versionsOf(db, kind, id);
  const newest = versions[0];
  return {
    kind,
    id,
    slug: item.slug,
    title: item.title,
    published: item.published,
    url: urlOf(kind, item.slug),
    updated_at: item.updatedAt.toISOString(),
    updated_by: newest?.v.authorId != null && newest.author !== null ? { id: newest.v.authorId, name: newest.author } : null,
    versions_count: versions.length,
    excerpt: item.excerpt,
    cover_url: item.coverUrl,
    markdown: newest?.v.markdown ?? blocksToMarkdown(item.body),
    body: item.body,
    versions: versions.map(({ v, author }) => ({
      id: v.id,
      title: v.title,
      markdown: v.markdown,
      author: v.authorId !== null && author !== null ? { id: v.authorId, name: author } : null,
      created_at: v.createdAt.toISOString(),
    })),
  };
}

/** The text of a save: a title, an excerpt (blog), Markdown that leaves at least one block. */
function checked(body: StaffContentBody): { title: string; excerpt: string; markdown: string; blocks: DocBlock[] } {
  const title = requiredText(body.title, 'title', 'Укажите заголовок.', 300);
  const markdown = body.markdown.replace(/\r\n?/g, '\n');
  const blocks = markdownToBlocks(markdown);
  if (blocks.length === 0) throw new HttpError(422, 'Напишите текст страницы.', { markdown: ['Напишите текст страницы.'] });
  return { title, excerpt: (body.excerpt ?? '').trim(), markdown, blocks };
}

async function lockItem(tx: Database, kind: ContentKind, id: number): Promise<Item> {
  if (kind === 'blog') await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id)).for('update');
  else await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, id)).for('update');
  const [item] = await items(tx, kind, id);
  if (!item) throw notFound();
  return item;
}

/** A new version: kept with its author, and live at once (the page shows the new blocks; published or not stays). */
export async function saveContent(tx: Database, actor: StaffActor, kind: ContentKind, id: number, body: StaffContentBody, now: Date): Promise<void> {
  const text = checked(body);
  const item = await lockItem(tx, kind, id);
  const previous = await versionsOf(tx, kind, id);
  // the text written before the back office is kept as the first version (no author), so nothing is ever lost
  if (previous.length === 0) {
    await tx.insert(contentVersions).values({ kind, contentId: id, title: item.title, excerpt: item.excerpt, markdown: blocksToMarkdown(item.body), authorId: null, createdAt: item.updatedAt });
  }
  const [version] = await tx.insert(contentVersions).values({ kind, contentId: id, title: text.title, excerpt: text.excerpt, markdown: text.markdown, authorId: actor.id, createdAt: now }).returning({ id: contentVersions.id });
  if (kind === 'blog') {
    await tx.update(blogPosts).set({ title: text.title, excerpt: body.excerpt === undefined ? item.excerpt : text.excerpt, body: text.blocks, updatedAt: now }).where(eq(blogPosts.id, id));
  } else {
    await tx.update(documents).set({ title: text.title, body: text.blocks, updatedAt: now }).where(eq(documents.id, id));
  }
  await audit(tx, actor, { action: 'content.update', entityType: `content_${kind}`, entityId: id, before: { title: item.title, version_id: previous[0]?.v.id ?? null }, after: { title: text.title, version_id: version!.id, blocks: text.blocks.length } });
}

/** A version written earlier becomes the newest (as a new version: the history only grows). */
export async function restoreVersion(tx: Database, actor: StaffActor, kind: ContentKind, id: number, versionId: number, now: Date): Promise<void> {
  const [version] = await tx.select().from(contentVersions).where(and(eq(contentVersions.id, versionId), eq(contentVersions.kind, kind), eq(contentVersions.contentId, id)));
  if (!version) throw notFound();
  await saveContent(tx, actor, kind, id, { title: version.title, excerpt: version.excerpt, markdown: version.markdown }, now);
}

export async function setPublished(tx: Database, actor: StaffActor, kind: ContentKind, id: number, published: boolean, now: Date): Promise<void> {
  const item = await lockItem(tx, kind, id);
  if (item.published === published) {
    const message = published ? 'Уже опубликовано.' : 'Уже снято с публикации.';
    throw new HttpError(409, message, { status: [message] });
  }
  if (kind === 'blog') {
    // a post published now appears now, not on a date set long ago in the future
    await tx.update(blogPosts).set({ published, updatedAt: now, ...(published ? { publishedAt: sql`least(${blogPosts.publishedAt}, ${now})` } : {}) }).where(eq(blogPosts.id, id));
  } else {
    await tx.update(documents).set({ published, updatedAt: now }).where(eq(documents.id, id));
  }
  await audit(tx, actor, { action: published ? 'content.publish' : 'content.unpublish', entityType: `content_${kind}`, entityId: id, before: { published: !published }, after: { published } });
}

/** A new blog post, unpublished until staff publish it. */
export async function createPost(tx: Database, actor: StaffActor, body: StaffNewPostBody, now: Date): Promise<number> {
  const text = checked(body);
  const slug = body.slug.trim();
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new HttpError(422, 'Адрес: латинские буквы, цифры и дефисы.', { slug: ['Адрес: латинские буквы, цифры и дефисы.'] });
  const [taken] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  if (taken) throw new HttpError(422, 'Такой адрес уже занят.', { slug: ['Такой адрес уже занят.'] });
  const cover = body.cover_url?.trim() || mediaUrl('blog', slug);
  if (!cover.startsWith('/')) throw new HttpError(422, 'Обложка — адрес картинки на нашем сайте.', { cover_url: ['Обложка — адрес картинки на нашем сайте.'] });
  const [post] = await tx
    .insert(blogPosts)
    .values({ slug, title: text.title, excerpt: text.excerpt, body: text.blocks, coverUrl: cover, publishedAt: now, published: false, updatedAt: now })
    .returning({ id: blogPosts.id });
  await tx.insert(contentVersions).values({ kind: 'blog', contentId: post!.id, title: text.title, excerpt: text.excerpt, markdown: text.markdown, authorId: actor.id, createdAt: now });
  await audit(tx, actor, { action: 'content.create', entityType: 'content_blog', entityId: post!.id, after: { slug, title: text.title } });
  return post!.id;
}
