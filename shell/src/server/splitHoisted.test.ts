import { splitHoisted } from './splitHoisted';

describe('splitHoisted', () => {
  it('takes the leading title, meta and link tags off the page for <head>', () => {
    const { head, body } = splitHoisted(
      '<title>Города — Excursio</title><meta name="description" content="Все города"/><link rel="canonical" href="http://x.test/excursion/cities"/><div class="sh-app"><h1>Города</h1></div>',
    );
    expect(head).toBe('<title>Города — Excursio</title><meta name="description" content="Все города"/><link rel="canonical" href="http://x.test/excursion/cities"/>');
    expect(body).toBe('<div class="sh-app"><h1>Города</h1></div>');
  });

  it('leaves tags inside the page where they are', () => {
    const html = '<div><meta itemProp="x" content="y"/><title>in svg</title></div>';
    expect(splitHoisted(html)).toEqual({ head: '', body: html });
  });
});
