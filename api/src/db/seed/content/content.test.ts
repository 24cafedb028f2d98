import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalogContent, type DocBlock } from './index';

const content = buildCatalogContent();
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const unique = (values: string[]): boolean => new Set(values).size === values.length;
const words = (blocks: DocBlock[]): number =>
  blocks.flatMap((b) => ('text' in b ? [b.text] : b.items)).join(' ').split(/\s+/).filter(Boolean).length;
const sentences = (text: string): number => text.split(/(?<=[.!?])\s+(?=[А-ЯЁA-Z«])/).length;

describe('catalog content', () => {
  it('is deterministic and isolated from callers', () => {
    const again = buildCatalogContent();
    assert.equal(JSON.stringify(again), JSON.stringify(content));
    again.cities[0]!.name = 'changed';
    again.excursions.length = 0;
    assert.equal(JSON.stringify(buildCatalogContent()), JSON.stringify(content));
  });

  it('has the required volume', () => {
    assert.ok(content.countries.length >= 3);
    assert.ok(content.regions.length >= 10);
    assert.ok(content.cities.length >= 40);
    assert.ok(content.tags.length >= 10);
    assert.ok(content.excursions.length >= 300, `${content.excursions.length} excursions`);
    assert.ok(content.reviews.length >= 3000, `${content.reviews.length} reviews`);
    assert.ok(content.blogPosts.length >= 8);
    assert.ok(content.partners.length >= 10);
    assert.ok(content.guides.length >= 35);
  });

  it('gives every city a real IANA zone: Moscow time in central Russia, local time elsewhere', () => {
    for (const city of content.cities) {
      assert.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: city.timeZone }), city.slug);
    }
    const zoneOf = new Map(content.cities.map((c) => [c.slug, c.timeZone]));
    assert.equal(zoneOf.get('moskva'), 'Europe/Moscow');
    assert.equal(zoneOf.get('kazan'), 'Europe/Moscow');
    assert.equal(zoneOf.get('kaliningrad'), 'Europe/Kaliningrad');
    assert.equal(zoneOf.get('irkutsk'), 'Asia/Irkutsk');
    assert.equal(zoneOf.get('tbilisi'), 'Asia/Tbilisi');
    assert.equal(zoneOf.get('erevan'), 'Asia/Yerevan');
    assert.equal(zoneOf.get('samarkand'), 'Asia/Samarkand');
    assert.equal(zoneOf.get('tashkent'), 'Asia/Tashkent');
  });

  it('uses valid, unique slugs', () => {
    const groups: [string, string[]][] = [
      ['countries', content.countries.map((c) => c.slug)],
      ['regions', content.regions.map((r) => r.slug)],
      ['tags', content.tags.map((t) => t.slug)],
      ['sights', content.sights.map((s) => s.slug)],
      ['guides', content.guides.map((g) => g.slug)],
      ['excursions', content.excursions.map((e) => e.slug)],
      ['blog', content.blogPosts.map((b) => b.slug)],
    ];
    for (const [name, slugs] of groups) {
      assert.ok(unique(slugs), `${name} slugs are unique`);
      for (const slug of slugs) assert.match(slug, SLUG, `${name}: ${slug}`);
    }
    for (const region of content.regions) {
      const citySlugs = content.cities.filter((c) => c.regionSlug === region.slug).map((c) => c.slug);
      assert.ok(unique(citySlugs), `city slugs unique in ${region.slug}`);
      citySlugs.forEach((slug) => assert.match(slug, SLUG));
      assert.ok(!['cities', 'guides', 'sight', 'reviews'].includes(region.slug), `${region.slug} clashes with a route`);
    }
    assert.ok(content.excursions.every((e) => e.slug.length <= 64));
  });

  it('resolves every reference', () => {
    const countries = new Set(content.countries.map((c) => c.slug));
    const regions = new Set(content.regions.map((r) => r.slug));
    const cities = new Set(content.cities.map((c) => c.slug));
    const tags = new Set(content.tags.map((t) => t.slug));
    const phones = new Set(content.partners.map((p) => p.phone));
    const guides = new Map(content.guides.map((g) => [g.slug, g]));
    const sightCity = new Map(content.sights.map((s) => [s.slug, s.citySlug]));
    const excursions = new Set(content.excursions.map((e) => e.slug));
    content.regions.forEach((r) => assert.ok(countries.has(r.countrySlug), r.slug));
    content.cities.forEach((c) => assert.ok(regions.has(c.regionSlug), c.slug));
    content.sights.forEach((s) => assert.ok(cities.has(s.citySlug), s.slug));
    content.guides.forEach((g) => {
      assert.ok(phones.has(g.partnerPhone), g.slug);
      assert.ok(regions.has(g.regionSlug), g.slug);
    });
    for (const e of content.excursions) {
      assert.ok(cities.has(e.citySlug), e.slug);
      const guide = guides.get(e.guideSlug);
      assert.ok(guide, `${e.slug} guide`);
      const city = content.cities.find((c) => c.slug === e.citySlug);
      assert.equal(guide.regionSlug, city?.regionSlug, `${e.slug} guide works in the city's region`);
      e.tagSlugs.forEach((t) => assert.ok(tags.has(t), `${e.slug} tag ${t}`));
      e.sightSlugs.forEach((s) => assert.equal(sightCity.get(s), e.citySlug, `${e.slug} sight ${s}`));
    }
    content.reviews.forEach((r) => assert.ok(excursions.has(r.excursionSlug)));
  });

  it('covers every city and region', () => {
    for (const city of content.cities) {
      const sights = content.sights.filter((s) => s.citySlug === city.slug).length;
      assert.ok(sights >= 2 && sights <= 6, `${city.slug}: ${sights} sights`);
      assert.ok(content.excursions.some((e) => e.citySlug === city.slug), `${city.slug} has excursions`);
      assert.ok(city.popularity >= 1 && city.popularity <= 100);
      assert.ok(city.description.length > 60);
    }
    for (const region of content.regions) assert.ok(content.guides.some((g) => g.regionSlug === region.slug), region.slug);
    const big = (slug: string) => content.excursions.filter((e) => e.citySlug === slug).length;
    assert.ok(big('moskva') >= 20 && big('sankt-peterburg') >= 20);
  });

  it('seeds the demo partner first with a few guides and excursions', () => {
    assert.deepEqual(content.partners[0], { phone: '79990000002', name: 'Михаил Орлов' });
    const demoGuides = content.guides.filter((g) => g.partnerPhone === '79990000002');
    assert.ok(demoGuides.length >= 2 && demoGuides.length <= 3);
    assert.ok(demoGuides.some((g) => g.name === 'Михаил Орлов'));
    const demoExcursions = content.excursions.filter((e) => demoGuides.some((g) => g.slug === e.guideSlug));
    assert.ok(demoExcursions.length >= 6 && demoExcursions.length <= 10, `${demoExcursions.length} demo excursions`);
    assert.ok(demoExcursions.every((e) => e.citySlug === 'moskva' || e.citySlug === 'sankt-peterburg'));
    assert.ok(unique(content.partners.map((p) => p.phone)));
    content.partners.forEach((p) => assert.match(p.phone, /^7\d{10}$/));
  });

  it('keeps excursion fields in range and prices consistent', () => {
    for (const e of content.excursions) {
      const at = e.slug;
      assert.ok(e.durationMinutes >= 60 && e.durationMinutes <= 600, at);
      assert.ok(e.price >= 900 && e.price <= 25000 && e.price % 100 === 0, at);
      assert.ok(e.groupSizeMax >= 4 && e.groupSizeMax <= 30, at);
      if (e.format === 'individual') assert.ok(e.groupSizeMax <= 8, at);
      if (e.priceType === 'per_group') {
        assert.deepEqual(e.priceUnits, [{ code: 'group', name: `Группа до ${e.groupSizeMax} человек`, price: e.price }], at);
      } else {
        const [adult, child, ...rest] = e.priceUnits;
        assert.deepEqual(adult, { code: 'adult', name: 'Взрослый', price: e.price }, at);
        assert.equal(child?.code, 'child', at);
        assert.ok(child.price < e.price && child.price % 100 === 0, at);
        rest.forEach((u) => assert.ok(u.code === 'senior' && u.price < e.price && u.price > child.price, at));
      }
      assert.ok(e.programme.length >= 3 && e.programme.length <= 6, at);
      assert.ok(e.tagSlugs.length >= 1 && e.tagSlugs.length <= 3 && unique(e.tagSlugs), at);
      assert.ok(e.sightSlugs.length <= 3 && unique(e.sightSlugs), at);
      assert.ok(e.languages[0] === 'ru' && e.languages.every((l) => l === 'ru' || l === 'en'), at);
      assert.ok(e.photoCount >= 3 && e.photoCount <= 6, at);
      assert.ok(e.popularity >= 1 && e.popularity <= 100, at);
      assert.ok(e.included.length >= 1 && e.excluded.length >= 1, at);
      const count = sentences(e.description);
      assert.ok(count >= 2 && count <= 4, `${at}: ${count} sentences`);
      assert.match(e.cancellationTerms, /Бесплатная отмена/);
      assert.ok(e.meetingPoint.length > 10, at);
    }
    const titles = content.excursions.map((e) => e.title);
    assert.ok(unique(titles), 'titles are distinct');
    const share = (pred: (e: (typeof content.excursions)[number]) => boolean) =>
      content.excursions.filter(pred).length / content.excursions.length;
    assert.ok(share((e) => e.instantBooking) > 0.35 && share((e) => e.instantBooking) < 0.65);
    assert.ok(share((e) => e.languages.includes('en')) > 0.05);
    assert.ok(share((e) => e.format === 'individual') > 0.2);
  });

  it('leaves no template placeholders in generated text', () => {
    const texts = [
      ...content.excursions.flatMap((e) => [e.title, e.description, e.meetingPoint, ...e.programme, ...e.included, ...e.excluded]),
      ...content.reviews.flatMap((r) => [r.text, r.reply ?? '']),
    ];
    for (const text of texts) assert.doesNotMatch(text, /[{}[\]|]|undefined|NaN/, text);
  });

  it('writes believable reviews', () => {
    const perExcursion = content.excursions.map((e) => content.reviews.filter((r) => r.excursionSlug === e.slug).length);
    assert.ok(perExcursion.filter((n) => n >= 6 && n <= 15).length / perExcursion.length >= 0.8);
    const good = content.reviews.filter((r) => r.rating >= 4).length / content.reviews.length;
    assert.ok(good >= 0.85, `share of 4–5 stars ${good}`);
    const replies = content.reviews.filter((r) => r.reply !== null).length / content.reviews.length;
    assert.ok(replies > 0.12 && replies < 0.28, `reply share ${replies}`);
    for (const r of content.reviews) {
      assert.ok(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5);
      assert.ok(r.daysAgo >= 1 && r.daysAgo <= 700);
      assert.match(r.authorName, /^[А-ЯЁ][а-яё]+ [А-ЯЁ]\.$/);
      assert.ok(r.text.length > 20);
    }
    assert.ok(new Set(content.reviews.map((r) => r.text)).size > content.reviews.length * 0.9, 'texts are varied');
  });

  it('has the nine documents with real text', () => {
    const slugs = ['help', 'terms', 'oferta', 'plateji', 'privacy', 'vozvrat', 'articles', 'legal-info', 'agreement-guide-user'];
    assert.deepEqual(content.documents.map((d) => d.slug).sort(), slugs.slice().sort());
    for (const document of content.documents) {
      const count = words(document.body);
      assert.ok(count >= 300 && count <= 900, `${document.slug}: ${count} words`);
      assert.ok(document.body.filter((b) => b.type === 'h2').length >= 3, document.slug);
      assert.ok(document.title.length > 3);
    }
    const vozvrat = JSON.stringify(content.documents.find((d) => d.slug === 'vozvrat'));
    assert.match(vozvrat, /24 час/);
    assert.match(vozvrat, /50%/);
    assert.match(JSON.stringify(content.documents.find((d) => d.slug === 'plateji')), /15%/);
  });

  it('has blog posts of 4–8 blocks', () => {
    for (const post of content.blogPosts) {
      assert.ok(post.body.length >= 4 && post.body.length <= 8, post.slug);
      assert.ok(post.excerpt.length > 20 && post.daysAgo >= 0);
      post.body.forEach((b) => assert.ok('text' in b ? b.text.length > 0 : b.items.length > 0));
    }
  });

  it('gives guides bios, languages and ratings', () => {
    for (const g of content.guides) {
      const count = sentences(g.bio);
      assert.ok(count >= 2 && count <= 3, `${g.slug}: ${count} sentences`);
      assert.ok(g.languages.includes('ru'));
      assert.ok(g.rating >= 4 && g.rating <= 5);
    }
  });
});
