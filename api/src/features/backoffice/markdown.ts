import type { DocBlock } from '@excursio/shared/contracts';
import { marked, type Token, type Tokens } from 'marked';

/**
 * Markdown written in the back office → the DocBlocks the blog and /docs pages render as text (headings, paragraphs,
 * lists). This is the sanitising step: only those structures survive, inline formatting is reduced to its text, raw
 * HTML (a <script>, an <img onerror>) is dropped whole, control characters are removed. Nothing ever reaches a page
 * as HTML, so no markup can.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', laquo: '«', raquo: '»', mdash: '—', ndash: '–' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 31 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const clean = (text: string) => decode(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim();

/** The visible text of inline tokens: emphasis, links (their text), code (its text); HTML dropped. */
function inline(tokens: Token[] | undefined, fallback = ''): string {
  if (!tokens) return fallback;
  return tokens
    .map((t): string => {
      switch (t.type) {
        case 'html':
          return '';
        case 'br':
          return ' ';
        case 'codespan':
        case 'escape':
          return (t as Tokens.Codespan).text;
        case 'image':
          return (t as Tokens.Image).text;
        default: {
          const nested = (t as { tokens?: Token[] }).tokens;
          return nested ? inline(nested) : ((t as { text?: string }).text ?? '');
        }
      }
    })
    .join('');
}

function push(out: DocBlock[], type: 'h2' | 'h3' | 'p', raw: string): void {
  const text = clean(raw);
  if (text) out.push({ type, text });
}

function blocks(tokens: Token[], out: DocBlock[]): void {
  for (const t of tokens) {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        push(out, h.depth <= 2 ? 'h2' : 'h3', inline(h.tokens, h.text));
        break;
      }
      case 'paragraph':
      case 'text':
        push(out, 'p', inline((t as Tokens.Paragraph).tokens, (t as Tokens.Paragraph).text));
        break;
      case 'code':
        push(out, 'p', (t as Tokens.Code).text);
        break;
      case 'blockquote':
        blocks((t as Tokens.Blockquote).tokens, out);
        break;
      case 'list': {
        const list = t as Tokens.List;
        const items = list.items.map((item) => clean(item.tokens.map((x) => ('tokens' in x && x.tokens ? inline(x.tokens) : ((x as { text?: string }).text ?? ''))).join(' '))).filter(Boolean);
        if (items.length) out.push({ type: list.ordered ? 'ol' : 'ul', items });
        break;
      }
      case 'table': {
        const table = t as Tokens.Table;
        for (const row of [table.header, ...table.rows]) push(out, 'p', row.map((cell) => inline(cell.tokens, cell.text)).join(' — '));
        break;
      }
      // html (raw markup), hr, space, def: nothing of them is kept
      default:
        break;
    }
  }
}

export function markdownToBlocks(markdown: string): DocBlock[] {
  const out: DocBlock[] = [];
  blocks(marked.lexer(markdown), out);
  return out;
}

/** A line that Markdown would read as structure is escaped, so text stays text when turned back. */
const escapeLine = (text: string) => text.replace(/^(\s*)([#>*+-])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');

/** The blocks as Markdown (the first version of content written before the back office existed). */
export function blocksToMarkdown(body: readonly DocBlock[]): string {
  return body
    .map((b) => {
      if ('text' in b) return b.type === 'h2' ? `## ${b.text}` : b.type === 'h3' ? `### ${b.text}` : escapeLine(b.text);
      return b.items.map((item, i) => `${b.type === 'ol' ? `${i + 1}.` : '-'} ${item}`).join('\n');
    })
    .join('\n\n');
}
