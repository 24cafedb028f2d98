// Issue 31: staff edit the search's synonym groups in the back office — list, add, edit, remove; validation in
// Russian; an audit row per change; customers and partners refused; search follows each change at once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditLog } from '../src/db/schema';
import { useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { auditOf, backofficeTokens, call } from './backoffice-support';

const S = '/api/staff/search/synonyms';
const P = '/api/excursion/public';

interface Group { id: number; expansion: string; terms: string[]; updated_by: { name: string } | null }

for (const kind of databaseKinds()) {
  describe(`back office: search synonyms [${kind}]`, () => {
    const ctx = useTestApp(kind);
    /** The slugs of the excursions a query finds (the results page, uncached: the test app's cache is dropped by writes). */
    const found = async (q: string) => {
      const response = await call(ctx, 'GET', `${P}/search?q=${encodeURIComponent(q)}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data.excursions.data.map((e: { slug: string }) => e.slug) as string[];
    };
    const suggested = async (q: string) => {
      const response = await call(ctx, 'GET', `${P}/search/suggest?q=${encodeURIComponent(q)}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data.excursions.map((e: { slug: string }) => e.slug) as string[];
    };

    it('refuses customers, partners and anonymous callers on every call', async () => {
      const t = await backofficeTokens(ctx);
      const body = { expansion: 'выборг', terms: ['фортеция'] };
      for (const token of [t.client, t.partner, undefined]) {
        const expected = token ? 403 : 401;
        assert.equal((await call(ctx, 'GET', S, token)).status, expected);
        assert.equal((await call(ctx, 'POST', S, token, body)).status, expected);
        assert.equal((await call(ctx, 'PUT', `${S}/1`, token, body)).status, expected);
        assert.equal((await call(ctx, 'DELETE', `${S}/1`, token)).status, expected);
      }
      assert.equal((await ctx.db.select().from(auditLog)).filter((r) => r.action.startsWith('synonyms.')).length, 0);
      assert.deepEqual(await found('фортеция'), []);
    });

    it('lists the groups; a new group, an edit and a removal are searched at once and audited', async () => {
      const t = await backofficeTokens(ctx);
      const list = await call(ctx, 'GET', S, t.staff);
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const spb = list.body.data.find((g: Group) => g.expansion === 'санкт-петербург');
      assert.ok(spb?.terms.includes('питер') && spb.terms.includes('спб'), JSON.stringify(spb));

      assert.deepEqual(await found('фортеция'), [], 'an unknown word finds nothing before');
      assert.deepEqual(await suggested('фортеция'), []);
      const created = await call(ctx, 'POST', S, t.staff, { expansion: '  Выборг ', terms: ['Фортеция', 'фортеция', 'ВЫБОРГСКАЯ крепость'] });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const group: Group = created.body.data;
      assert.equal(group.expansion, 'выборг', 'kept in search form');
      assert.deepEqual(group.terms, ['выборгская крепость', 'фортеция'], 'in search form, once each');
      assert.equal(group.updated_by?.name, 'Служба поддержки Excursio');
      assert.deepEqual(await found('фортеция'), ['vyborgskiy-zamok'], 'searched at once');
      assert.deepEqual(await suggested('фортеция'), ['vyborgskiy-zamok'], 'suggested at once');

      // an admin moves the word to a sight of another city
      const edited = await call(ctx, 'PUT', `${S}/${group.id}`, t.admin, { expansion: 'Красная площадь', terms: ['фортеция'] });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual(edited.body.data.terms, ['фортеция']);
      assert.deepEqual(await found('фортеция'), ['serdtse-stolitsy']);

      assert.equal((await call(ctx, 'DELETE', `${S}/${group.id}`, t.staff2)).status, 204);
      assert.deepEqual(await found('фортеция'), [], 'removed at once');
      assert.equal((await call(ctx, 'DELETE', `${S}/${group.id}`, t.staff2)).status, 404);
      assert.equal((await call(ctx, 'PUT', `${S}/${group.id}`, t.staff, { expansion: 'красная площадь', terms: ['фортеция'] })).status, 404);

      const rows = await auditOf(ctx, 'search_synonym_group', group.id);
      assert.deepEqual(rows.map((r) => [r.action, r.actorName]), [
        ['synonyms.create', 'Служба поддержки Excursio'],
        ['synonyms.update', 'Ольга Администратор'],
        ['synonyms.delete', 'Второй модератор'],
      ]);
      assert.deepEqual(rows[1]!.before, { expansion: 'выборг', terms: ['выборгская крепость', 'фортеция'] });
      assert.deepEqual(rows[1]!.after, { expansion: 'красная площадь', terms: ['фортеция'] });
      assert.deepEqual(rows[2]!.before, { expansion: 'красная площадь', terms: ['фортеция'] });
    });

    it('answers bad groups with a 422 in Russian naming the field, and changes nothing', async () => {
      const t = await backofficeTokens(ctx);
      const before = (await call(ctx, 'GET', S, t.staff)).body.data;
      const refused = async (body: object, field: string, pattern: RegExp) => {
        const response = await call(ctx, 'POST', S, t.staff, body);
        assert.equal(response.status, 422, JSON.stringify(response.body));
        assert.match(response.body.errors[field].join(' '), pattern, JSON.stringify(response.body));
        assert.match(response.body.message, /[а-я]/);
      };
      await refused({ expansion: ' ', terms: ['х'] }, 'expansion', /Укажите, что искать/);
      await refused({ expansion: '!!!', terms: ['х'] }, 'expansion', /буквы или цифры/);
      await refused({ expansion: 'я'.repeat(101), terms: ['х'] }, 'expansion', /Не длиннее 100/);
      await refused({ expansion: 'выборг', terms: [] }, 'terms', /хотя бы одно слово/);
      await refused({ expansion: 'выборг', terms: ['  ', '…'] }, 'terms', /хотя бы одно слово/);
      await refused({ expansion: 'выборг', terms: ['Выборг'] }, 'terms', /совпадает с тем, что искать/);
      await refused({ expansion: 'выборг', terms: ['старый город у залива'] }, 'terms', /не больше 3 слов/);
      await refused({ expansion: 'выборг', terms: ['питер'] }, 'terms', /«питер» уже есть в группе «санкт-петербург»/);
      await refused({ expansion: 'Санкт-Петербург', terms: ['северная пальмира'] }, 'expansion', /уже есть: добавьте слова в неё/);
      await refused({ expansion: 'выборг', terms: Array.from({ length: 31 }, (_, i) => `слово${i}`) }, 'terms', /Не больше 30/);
      await refused({ expansion: 'выборг', terms: ['ф'.repeat(101)] }, 'terms', /длиннее 100 символов/);
      assert.equal((await call(ctx, 'POST', S, t.staff, { expansion: 'выборг' })).status, 422, 'terms missing: the schema refuses');
      assert.equal((await call(ctx, 'PUT', `${S}/0`, t.staff, { expansion: 'выборг', terms: ['а'] })).status, 422);
      assert.deepEqual((await call(ctx, 'GET', S, t.staff)).body.data, before);
    });
  });
}
