import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderLetter } from './letters';

describe('letters', () => {
  it('escapes user text in the HTML and keeps it as typed in the text part', () => {
    const letter = {
      to: 'a@example.ru',
      subject: 'Напоминание <b>',
      lines: ['Экскурсия «<script>alert(1)</script>» & «Tom\'s "tour"»'],
      link: { label: 'Открыть заказ', path: '/account/user/5' },
    };
    const { text, html } = renderLetter(letter, 'https://excursio.example', 'https://excursio.example/api/mail/unsubscribe?token=x&u=1');
    assert.ok(text.includes('«<script>alert(1)</script>»'));
    assert.ok(!html.includes('<script>'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('Tom&#39;s &quot;tour&quot;'));
    assert.ok(html.includes('<title>Напоминание &lt;b&gt;</title>'));
    assert.ok(html.includes('href="https://excursio.example/account/user/5"'));
    assert.ok(html.includes('token=x&amp;u=1'));
    assert.ok(text.includes('Открыть заказ: https://excursio.example/account/user/5'));
    assert.ok(text.includes('Отписаться от напоминаний: https://excursio.example/api/mail/unsubscribe?token=x&u=1'));
  });

  it('lists the choices as links, each escaped, before the button', () => {
    const letter = {
      to: 'a@example.ru',
      subject: 'S',
      lines: ['Можно сразу:'],
      choices: [
        { label: 'Забронировать вместо: «<i>Арбат</i>»', path: '/account/user/5?instead=61' },
        { label: 'Забронировать вместо: «Кремль»', path: '/account/user/5?instead=62' },
      ],
      link: { label: 'Открыть заказ', path: '/account/user/5' },
    };
    const { text, html } = renderLetter(letter, 'https://s', null);
    assert.ok(text.includes('Можно сразу:\n\nЗабронировать вместо: «<i>Арбат</i>»: https://s/account/user/5?instead=61\n\nЗабронировать вместо: «Кремль»: https://s/account/user/5?instead=62\n\nОткрыть заказ'));
    assert.ok(html.includes('<a href="https://s/account/user/5?instead=61" style="color:#0b5cad">Забронировать вместо: «&lt;i&gt;Арбат&lt;/i&gt;»</a>'));
    assert.ok(html.indexOf('instead=62') < html.indexOf('Открыть заказ'));
  });

  it('has no unsubscribe link unless asked', () => {
    const { text, html } = renderLetter({ to: 'a@example.ru', subject: 'S', lines: ['x'] }, 'https://s', null);
    assert.ok(!text.includes('Отписаться'));
    assert.ok(!html.includes('Отписаться'));
  });
});
