import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { innIsValid, innProblem, emailIsValid } from '@excursio/shared/phone';
import { CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { OTHER_PARTNER_PHONE } from './orders-support';
import { call } from './partner-misc-support';
import sharp from 'sharp';

const P = '/api/excursion/partner/profile/details';
const VALID = {
  public_name: 'Орлов Тур',
  about: 'Авторские прогулки по Москве с историком.',
  languages: ['ru', 'en'],
  contact_phone: '+7 (999) 123-45-67',
  contact_email: 'Guide@Orlov.example.ru',
  legal_type: 'self_employed',
  legal_name: 'Орлов Михаил Петрович',
  inn: '500100732259',
};

describe('INN control digits (FNS) and e-mail', () => {
  it('accepts real INNs and refuses a wrong control digit, length or form', () => {
    for (const inn of ['7707083893', '7728168971', '500100732259', '773400211252']) assert.equal(innIsValid(inn), true, inn);
    for (const inn of ['7707083894', '500100732258', '500100732269', '12345', '77070838931', 'abcdefghij', '']) assert.equal(innIsValid(inn), false, inn);
    assert.equal(innProblem('7707083893', 'company'), null);
    assert.equal(innProblem('7707083893', 'individual'), 'ИНН физического лица — 12 цифр.');
    assert.equal(innProblem('500100732259', 'company'), 'ИНН организации — 10 цифр.');
    assert.equal(innProblem('500100732258', 'self_employed'), 'ИНН с ошибкой: не сходятся контрольные цифры.');
    assert.equal(innProblem('', 'company'), null);
    assert.equal(emailIsValid('a@b.ru'), true);
    for (const bad of ['a@b', 'a b@c.ru', '@c.ru', 'a@.ru', 'a@b.r']) assert.equal(emailIsValid(bad), false, bad);
  });
});

for (const kind of databaseKinds()) {
  describe(`partner profile: the guide page's public part, contacts, legal details [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('reads the public part from the guide page', async () => {
      const { status, body } = await call(ctx, 'GET', P, await ctx.tokenFor(PARTNER_PHONE));
      assert.equal(status, 200);
      assert.deepEqual(
        { ...body.data, photo_url: typeof body.data.photo_url },
        {
          public_name: 'Орлов Тур', about: 'Гиды.', languages: ['ru'], photo_url: 'string', guide_slug: 'orlov-tur',
          contact_phone: '79990000002', contact_email: '', traveller_phone: '79161234567', legal_type: 'individual', legal_name: '', inn: '',
        },
      );
    });

    it('saves; the guide page shows the new name, about and languages at once', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await call(ctx, 'GET', '/api/excursion/public/guides/orlov-tur'); // cached before the change
      const saved = await call(ctx, 'PUT', P, partner, VALID);
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.contact_phone, '79991234567');
      assert.equal(saved.body.data.contact_email, 'guide@orlov.example.ru');
      assert.equal(saved.body.data.inn, '500100732259');
      // a save without the phone for travellers keeps it; an empty one clears it
      assert.equal(saved.body.data.traveller_phone, '79161234567');
      const cleared = await call(ctx, 'PUT', P, partner, { ...VALID, traveller_phone: '' });
      assert.equal(cleared.body.data.traveller_phone, '');
      const set = await call(ctx, 'PUT', P, partner, { ...VALID, traveller_phone: '+7 916 123-45-67' });
      assert.equal(set.body.data.traveller_phone, '79161234567');
      const guide = await call(ctx, 'GET', '/api/excursion/public/guides/orlov-tur');
      assert.equal(guide.status, 200, JSON.stringify(guide.body).slice(0, 200));
      const text = JSON.stringify(guide.body);
      assert.ok(text.includes('Авторские прогулки по Москве с историком.'), 'the about shows on the guide page');
      assert.ok(text.includes('"en"'));
      // A company with a 10-digit INN.
      const company = await call(ctx, 'PUT', P, partner, { ...VALID, legal_type: 'company', legal_name: 'ООО «Орлов Тур»', inn: '7707083893' });
      assert.equal(company.status, 200);
      assert.equal((await call(ctx, 'GET', P, partner)).body.data.legal_type, 'company');
      // The other partner's profile is untouched.
      const other = (await call(ctx, 'GET', P, await ctx.tokenFor(OTHER_PARTNER_PHONE))).body.data;
      assert.equal(other.public_name, 'Ольга Белова');
      assert.equal(other.inn, '');
    });

    it('refuses bad fields with a message under each (422) and keeps what was saved', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const cases: [Record<string, unknown>, string][] = [
        [{ inn: '500100732258' }, 'inn'],
        [{ inn: '7707083893' }, 'inn'], // 10 digits for a self-employed person
        [{ legal_type: 'company', inn: '500100732259' }, 'inn'],
        [{ legal_type: 'company', inn: '7707083894' }, 'inn'],
        [{ inn: '50010073225x' }, 'inn'],
        [{ contact_phone: '12345' }, 'contact_phone'],
        [{ contact_phone: '' }, 'contact_phone'],
        [{ contact_email: 'guide@' }, 'contact_email'],
        [{ public_name: ' ' }, 'public_name'],
        [{ languages: [] }, 'languages'],
        [{ legal_name: '' }, 'legal_name'],
      ];
      for (const [change, field] of cases) {
        const response = await call(ctx, 'PUT', P, partner, { ...VALID, ...change });
        assert.equal(response.status, 422, JSON.stringify(change));
        assert.ok(Array.isArray(response.body.errors[field]), `${JSON.stringify(change)} → ${JSON.stringify(response.body.errors)}`);
      }
      for (const body of [{ ...VALID, legal_type: 'ooo' }, { ...VALID, languages: ['russian'] }, { public_name: 'x' }]) {
        assert.equal((await call(ctx, 'PUT', P, partner, body)).status, 422);
      }
      assert.equal((await call(ctx, 'GET', P, partner)).body.data.inn, '7707083893');
    });

    it('a portrait upload becomes the guide page’s photo; another partner’s picture does not', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#468' } }).png().toBuffer();
      const boundary = '----excursio-photo';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = (token: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/media/uploads?preset=portrait', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      const mine = (await upload(partner)).json().data;
      const theirs = (await upload(await ctx.tokenFor(OTHER_PARTNER_PHONE))).json().data;
      assert.equal((await call(ctx, 'PUT', `${P}/photo`, partner, { image_id: theirs.id })).status, 422);
      const saved = await call(ctx, 'PUT', `${P}/photo`, partner, { image_id: mine.id });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.photo_url, mine.url);
      const guide = await call(ctx, 'GET', '/api/excursion/public/guides/orlov-tur');
      assert.ok(JSON.stringify(guide.body).includes(mine.url), 'the guide page shows it at once');
    });

    it('a customer or staff: 403; no token: 401', async () => {
      for (const phone of [CUSTOMER_PHONE, STAFF_PHONE]) {
        const token = await ctx.tokenFor(phone);
        assert.equal((await call(ctx, 'GET', P, token)).status, 403);
        assert.equal((await call(ctx, 'PUT', P, token, VALID)).status, 403);
      }
      assert.equal((await call(ctx, 'GET', P)).status, 401);
    });
  });
}
