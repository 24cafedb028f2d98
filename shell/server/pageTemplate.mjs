// The build's index.html made ready to hold a page rendered on the server: cut around #root, its own stylesheets
// written inline, its entry script started when the visitor starts using the page (./startOnIntent.mjs).
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { startOnIntent } from './startOnIntent.mjs';

/** index.html cut around the content of #root (the start-up frame), for pages rendered on the server. */
export function splitTemplate(indexHtml) {
  const open = '<div id="root">';
  const start = indexHtml.indexOf(open);
  const end = indexHtml.lastIndexOf('</div>', indexHtml.indexOf('</body>'));
  if (start === -1 || end === -1) throw new Error('index.html has no <div id="root">');
  const after = indexHtml.slice(end).replace(/<script defer src="([^"]+)"><\/script>/g, (_, src) => startOnIntent(src));
  return { before: indexHtml.slice(0, start + open.length), after };
}

/**
 * The template's own stylesheets (`<link href="/x.css" rel="stylesheet">` of this server's root) written into a
 * server-rendered page: with the catalog's styles already inline, the HTML is then the only request in the way of the
 * first paint (a few KB more per page, where a first visit would have waited a round trip for them).
 */
export async function inlineStylesheets(html, root) {
  let out = html;
  for (const [tag, href] of html.matchAll(/<link href="\/([^"/]+\.css)" rel="stylesheet">/g)) {
    const css = await readFile(path.join(root, href), 'utf8');
    out = out.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return out;
}
