import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blocksToMarkdown, markdownToBlocks } from './markdown';

describe('back-office Markdown → the pages’ blocks (the server’s sanitising step)', () => {
  it('keeps headings, paragraphs and lists as text; inline formatting becomes its text', () => {
    assert.deepEqual(markdownToBlocks('# Возврат\n\nДеньги **вернём** за [3 дня](https://x.ru) &amp; `быстро`.\n\n### Шаги\n\n- Напишите нам\n- Ждите\n\n1. Раз\n2. Два'), [
      { type: 'h2', text: 'Возврат' },
      { type: 'p', text: 'Деньги вернём за 3 дня & быстро.' },
      { type: 'h3', text: 'Шаги' },
      { type: 'ul', items: ['Напишите нам', 'Ждите'] },
      { type: 'ol', items: ['Раз', 'Два'] },
    ]);
  });

  it('drops raw HTML whole: scripts, event handlers, iframes never survive', () => {
    const blocks = markdownToBlocks('<script>alert(1)</script>\n\nТекст <img src=x onerror=alert(1)> и <b>жирный</b>\n\n<iframe src="https://evil"></iframe>');
    assert.deepEqual(blocks, [{ type: 'p', text: 'Текст и жирный' }]);
    assert.ok(!JSON.stringify(blocks).includes('<'));
  });

  it('round-trips the seeded blocks, text that looks like Markdown staying text', () => {
    const body = [
      { type: 'h2' as const, text: 'Заголовок' },
      { type: 'p' as const, text: '1. Это не список, а абзац' },
      { type: 'p' as const, text: '# и это не заголовок' },
      { type: 'ul' as const, items: ['a', 'b'] },
    ];
    assert.deepEqual(markdownToBlocks(blocksToMarkdown(body)), body);
  });
});
