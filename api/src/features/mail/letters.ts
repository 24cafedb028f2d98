/** A letter as the outbox keeps it: rendered to plain text + HTML when it is sent (with the site's address then). */
export interface Letter {
  to: string;
  subject: string;
  /** Paragraphs of plain text (user text among them is escaped in the HTML). */
  lines: string[];
  /** One button-like link to a page of the site (a path: the site's address is added when sent). */
  link?: { label: string; path: string };
  /** Links of choices, one a line, before the button (the alternatives' «Забронировать вместо», the nearest dates). */
  choices?: Array<{ label: string; path: string }>;
  /** The reminder kind: the letter carries an unsubscribe link for this account. */
  unsubscribeUserId?: number;
}

export interface RenderedLetter {
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: every character that could start markup is escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Plain text and HTML of a letter; `site` is the public address, `unsubscribeUrl` the reminder's opt-out. */
export function renderLetter(letter: Letter, site: string, unsubscribeUrl: string | null): RenderedLetter {
  const link = letter.link ? { label: letter.link.label, url: `${site}${letter.link.path}` } : null;
  const choices = (letter.choices ?? []).map((c) => ({ label: c.label, url: `${site}${c.path}` }));
  const text = [
    ...letter.lines,
    ...choices.map((c) => `${c.label}: ${c.url}`),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    '—',
    'Excursio, экскурсии с местными гидами',
    ...(unsubscribeUrl ? [`Отписаться от напоминаний: ${unsubscribeUrl}`] : []),
  ].join('\n\n');
  const paragraphs = letter.lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n');
  const choiceList = choices.length
    ? `<ul style="margin:0 0 12px;padding-left:20px">${choices
        .map((c) => `<li style="margin:0 0 8px"><a href="${escapeHtml(c.url)}" style="color:#0b5cad">${escapeHtml(c.label)}</a></li>`)
        .join('')}</ul>`
    : '';
  const button = link
    ? `<p style="margin:20px 0"><a href="${escapeHtml(link.url)}" style="background:#0b5cad;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  const unsubscribe = unsubscribeUrl
    ? `<p style="margin:12px 0 0;font-size:12px;color:#555555"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#555555">Отписаться от напоминаний</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(letter.subject)}</title></head>
<body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a;background:#ffffff">
${paragraphs}
${choiceList}
${button}
<p style="margin:24px 0 0;font-size:12px;color:#555555">Excursio, экскурсии с местными гидами</p>
${unsubscribe}
</body></html>`;
  return { text, html };
}
