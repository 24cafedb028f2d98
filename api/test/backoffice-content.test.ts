// Issue 27, the back office: the blog and the /docs pages — Markdown sanitised on the server, every version kept with
// who and when, publish / unpublish, the public pages changed at once; all audited.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { documents } from '../src/db/schema';
import { useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { auditOf, backofficeTokens, call } from './backoffice-support';

const C = '/api/staff/content';

for (const kind of databaseKinds()) {
  describe(`back office: content [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('edits a /docs page in Markdown: sanitised, live at once, the old text kept as the first version', async () => {
      const t = await backofficeTokens(ctx);
      const list = await call(ctx, 'GET', C, t.staff);
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const doc = list.body.data.find((i: { kind: string }) => i.kind === 'document');
      assert.ok(doc, 'the fixture has a /docs page');
      const original = (await call(ctx, 'GET', `${C}/document/${doc.id}`, t.staff)).body.data;
      assert.equal(original.versions.length, 0);
      assert.ok(original.markdown.length > 0, 'the seeded text as Markdown');

      const preview = await call(ctx, 'POST', `${C}/preview`, t.staff, { markdown: '## Раздел\n\n<script>alert(1)</script>Текст' });
      assert.deepEqual(preview.body.data.body, [{ type: 'h2', text: 'Раздел' }]);
      assert.equal((await call(ctx, 'PUT', `${C}/document/${doc.id}`, t.staff, { title: 'Помощь', markdown: '<b></b>' })).status, 422, 'nothing left after sanitising');
      assert.equal((await call(ctx, 'PUT', `${C}/document/${doc.id}`, t.staff, { title: ' ', markdown: 'Текст' })).status, 422);
      const saved = await call(ctx, 'PUT', `${C}/document/${doc.id}`, t.staff, { title: 'Помощь и ответы', markdown: '## Как вернуть деньги\n\nНапишите в <img src=x onerror=alert(1)>поддержку.\n\n- Быстро\n- Бесплатно' });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.versions.length, 2, 'the seeded text and the new one');
      assert.equal(saved.body.data.versions[0].author.name, 'Служба поддержки Excursio');
      assert.equal(saved.body.data.versions[1].author, null);
      const page = await call(ctx, 'GET', `/api/excursion/public/documents/${doc.slug}`);
      assert.equal(page.body.data.title, 'Помощь и ответы');
      assert.deepEqual(page.body.data.body, [
        { type: 'h2', text: 'Как вернуть деньги' },
        { type: 'p', text: 'Напишите в поддержку.' },
        { type: 'ul', items: ['Быстро', 'Бесплатно'] },
      ]);

      // an earlier version back, as a new one
      const restored = await call(ctx, 'POST', `${C}/document/${doc.id}/restore/${saved.body.data.versions[1].id}`, t.staff2);
      assert.equal(restored.status, 200, JSON.stringify(restored.body));
      assert.equal(restored.body.data.versions.length, 3);
      assert.equal(restored.body.data.title, original.title);

      assert.equal((await call(ctx, 'POST', `${C}/document/${doc.id}/unpublish`, t.staff)).status, 200);
      assert.equal((await call(ctx, 'GET', `/api/excursion/public/documents/${doc.slug}`)).status, 404, 'unpublished: gone at once');
      assert.equal((await call(ctx, 'POST', `${C}/document/${doc.id}/unpublish`, t.staff)).status, 409);
      assert.equal((await call(ctx, 'POST', `${C}/document/${doc.id}/publish`, t.staff)).status, 200);
      assert.equal((await call(ctx, 'GET', `/api/excursion/public/documents/${doc.slug}`)).status, 200);
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
      assert.equal(row!.published, true);
      assert.deepEqual((await auditOf(ctx, 'content_document', doc.id)).map((r) => r.action), ['content.update', 'content.update', 'content.unpublish', 'content.publish']);
    });

    it('a new blog post is unpublished until published; a taken or malformed address is a 422', async () => {
      const t = await backofficeTokens(ctx);
      assert.equal((await call(ctx, 'POST', `${C}/blog`, t.staff, { slug: 'Плохой адрес', title: 'Пост', markdown: 'Текст' })).status, 422);
      const created = await call(ctx, 'POST', `${C}/blog`, t.staff, { slug: 'novyj-post', title: 'Новый пост', excerpt: 'Коротко', markdown: '## Привет\n\nТекст поста' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.data.published, false);
      assert.equal((await call(ctx, 'POST', `${C}/blog`, t.staff, { slug: 'novyj-post', title: 'Ещё', markdown: 'Текст' })).status, 422);
      assert.equal((await call(ctx, 'GET', '/api/excursion/public/blog/novyj-post')).status, 404);
      await call(ctx, 'POST', `${C}/blog/${created.body.data.id}/publish`, t.staff);
      const post = await call(ctx, 'GET', '/api/excursion/public/blog/novyj-post');
      assert.equal(post.status, 200);
      assert.deepEqual(post.body.data.body, [{ type: 'h2', text: 'Привет' }, { type: 'p', text: 'Текст поста' }]);
    });

    it('customers and partners get 403', async () => {
      const t = await backofficeTokens(ctx);
      for (const token of [t.client, t.partner]) {
        assert.equal((await call(ctx, 'GET', C, token)).status, 403);
        assert.equal((await call(ctx, 'PUT', `${C}/document/1`, token, { title: 'x', markdown: 'y' })).status, 403);
      }
    });
  });
}
