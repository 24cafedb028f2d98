import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { blogPosts } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { useTestApp } from './helpers/app';

const P = '/api/excursion/public';
const DOCS = ['help', 'terms', 'oferta', 'plateji', 'privacy', 'vozvrat', 'articles', 'legal-info', 'agreement-guide-user'];

for (const kind of databaseKinds()) {
  describe(`blog and documents [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const get = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.json() };
    };

    it('lists blog posts newest first, paged, without future posts', async () => {
      await ctx.db.insert(blogPosts).values([
        { slug: 'staryy', title: 'Старый', excerpt: 'Давно.', body: [], coverUrl: '/c.svg', publishedAt: new Date(Date.now() - 86400000 * 30) },
        { slug: 'budushchiy', title: 'Будущий', excerpt: 'Скоро.', body: [], coverUrl: '/c.svg', publishedAt: new Date(Date.now() + 86400000) },
      ]);
      const { status, body } = await get(`${P}/blog?per_page=1`);
      assert.equal(status, 200);
      assert.equal(body.data.total, 2);
      assert.equal(body.data.last_page, 2);
      const [post] = body.data.data;
      assert.deepEqual(Object.keys(post).sort(), ['cover_url', 'excerpt', 'id', 'published_at', 'slug', 'title']);
      assert.equal(post.slug, 'kuda-poehat');
      assert.deepEqual((await get(`${P}/blog?page=2&per_page=1`)).body.data.data.map((p: { slug: string }) => p.slug), ['staryy']);
      assert.equal((await get(`${P}/blog?per_page=0`)).status, 422);
    });

    it('shows a post with its DocBlock body; unknown or future → 404', async () => {
      const { status, body } = await get(`${P}/blog/kuda-poehat`);
      assert.equal(status, 200);
      assert.equal(body.data.title, 'Куда поехать');
      assert.deepEqual(body.data.body, [{ type: 'p', text: 'Текст.' }]);
      assert.equal((await get(`${P}/blog/net-takogo`)).status, 404);
      assert.equal((await get(`${P}/blog/budushchiy`)).status, 404);
      await ctx.db.delete(blogPosts).where(eq(blogPosts.slug, 'budushchiy'));
    });

    it('serves the nine /docs pages as DocBlock JSON (never HTML); unknown → 404', async () => {
      for (const slug of DOCS) {
        const { status, body } = await get(`${P}/documents/${slug}`);
        assert.equal(status, 200, slug);
        assert.equal(body.data.slug, slug);
        assert.ok(Array.isArray(body.data.body) && body.data.body.length > 0, slug);
        assert.ok(body.data.body.every((b: { type: string }) => ['h2', 'h3', 'p', 'ul', 'ol'].includes(b.type)), slug);
        assert.match(body.data.updated_at, /^\d{4}-\d{2}-\d{2}T/);
      }
      const missing = await get(`${P}/documents/net-takogo`);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, { message: 'Not Found.', errors: {} });
    });
  });
}
