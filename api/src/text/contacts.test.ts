import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findContact } from './contacts';

describe('findContact', () => {
  it('finds phones and e-mails with the chat’s detection', () => {
    assert.equal(findContact('Звоните +7 999 123-45-67'), 'phone_or_email');
    assert.equal(findContact('Пишите 89991234567'), 'phone_or_email');
    assert.equal(findContact('почта guide@mail.ru'), 'phone_or_email');
  });
  it('finds links', () => {
    for (const text of ['см. https://example.com', 'www.guide.ru', 'сайт orlov-tur.ru', 'пишите в t.me/orlov', 'Телеграм @orlov_tour']) {
      assert.equal(findContact(text), 'link', text);
    }
  });
  it('leaves dates, prices, order numbers and ordinary prose alone', () => {
    for (const text of [
      'Спасибо! Ждём вас 12.05.2026 в 10:00, стоимость 3 500 ₽, заказ №42.',
      'Рады, что понравилось. Т.е. до встречи!',
      'Спасибо за отзыв, приходите ещё.',
    ]) {
      assert.equal(findContact(text), null, text);
    }
  });
});
