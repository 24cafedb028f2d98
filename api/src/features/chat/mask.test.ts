import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskContacts } from './mask';

const masked = (text: string) => maskContacts(text);

describe('maskContacts', () => {
  it('masks Russian phone numbers however they are typed', () => {
    assert.equal(masked('Звоните +7 999 123-45-67'), 'Звоните +7 *** ***-**-**');
    assert.equal(masked('+7 (999) 123-45-67'), '+7 (***) ***-**-**');
    assert.equal(masked('8 (999) 123-45-67'), '* (***) ***-**-**');
    assert.equal(masked('89991234567'), '***********');
    assert.equal(masked('+79991234567, жду'), '+7**********, жду');
    assert.equal(masked('8-999-123-45-67'), '*-***-***-**-**');
    assert.equal(masked('8.999.123.45.67'), '*.***.***.**.**');
    assert.equal(masked('тел: 8 9 9 9 1 2 3 4 5 6 7'), 'тел: * * * * * * * * * * *');
  });

  it('masks foreign and short local numbers of seven digits or more', () => {
    assert.equal(masked('WhatsApp +995 555 12 34 56'), 'WhatsApp +9** *** ** ** **');
    assert.equal(masked('городской 123-45-67'), 'городской ***-**-**');
    assert.equal(masked('https://wa.me/79991234567'), 'https://wa.me/***********');
  });

  it('masks e-mail addresses', () => {
    assert.equal(masked('пишите на ivan.petrov+tour@mail.ru!'), 'пишите на ***@***!');
    assert.equal(masked('anna_1987@yandex.ru и ещё guide@почта.рф'), '***@*** и ещё ***@***');
    assert.equal(masked('ivan @ gmail.com'), '***@***');
  });

  it('leaves dates, times, prices, order numbers and counts readable', () => {
    const plain = [
      'Встречаемся 12.05.2026 в 10:00, стоимость 3 500 ₽, нас 3 человека',
      'Заказ №1234567 оплачен',
      'по заказу 1234567 всё в силе',
      'С 10.00-12.00 и 25.12',
      'Даты 12.05.2026-15.05.2026 или 2026-05-12',
      'Сезон 2025-2026, 1 500 000 руб. за группу, 12 500 р. с человека',
      'Билеты по 1 200 ₽, 2 взрослых и 1 ребёнок, 15 мин. пешком',
      'Кабинет 123-45',
      'в 9:30',
    ];
    for (const text of plain) assert.equal(masked(text), text, text);
  });

  it('masks a phone next to a date or a price without unmasking either', () => {
    assert.equal(masked('12.05.2026 звоните 89991234567'), '12.05.2026 звоните ***********');
    assert.equal(masked('12.05.2026 89991234567'), '12.05.2026 ***********');
    assert.equal(masked('3 500 ₽, тел. +7 999 123 45 67'), '3 500 ₽, тел. +7 *** *** ** **');
    assert.equal(masked('заказ 89991234567'), 'заказ ***********');
    assert.equal(masked('№ 8 999 123 45 67'), '№ 8 *** *** ** **');
  });

  it('keeps everything else as typed, HTML included', () => {
    const html = '<b>Привет</b> <script>alert(1)</script>';
    assert.equal(masked(html), html);
    assert.equal(masked(''), '');
  });
});
