/**
 * React renders a page's <title>, <meta> and <link> (canonical) at the start of its HTML when it renders a part of a
 * document, as here (#root). They belong in <head>, where crawlers and link previews read them: this takes that
 * leading run off the body. In the browser React takes them over from <head> (it looks for them there first).
 */
const LEADING_HOISTABLE = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*>|<link\s[^>]*>)/;

export function splitHoisted(html: string): { head: string; body: string } {
  let rest = html;
  let head = '';
  for (let match = LEADING_HOISTABLE.exec(rest); match; match = LEADING_HOISTABLE.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}
