// The build's index.html made ready to hold a page rendered on the server: cut around #root, its own stylesheets
// written inline, its entry script started once the page is on screen.
import path from 'node:path';
import { readFile } from 'node:fs/promises';

/** index.html cut around the content of #root (the start-up frame), for pages rendered on the server. */
export function splitTemplate(indexHtml) {
  const open = '<div id="root">';
  const start = indexHtml.indexOf(open);
  const end = indexHtml.lastIndexOf('</div>', indexHtml.indexOf('</body>'));
  if (start === -1 || end === -1) throw new Error('index.html has no <div id="root">');
  const after = indexHtml.slice(end).replace(/<script defer src="([^"]+)"><\/script>/g, (_, src) => startAfterPaint(src));
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

/**
 * A server-rendered page starts its scripts once its HTML is on screen: the entry is added in a task after the second
 * animation frame (by then the first frame has been painted and presented), together with preloads of the chunks it
 * will need (the page's `link[data-after-paint]`, so they load in parallel rather than one after another). The page
 * is readable before hydration: its first paint and its first image never share the bandwidth or the main thread
 * with 150 KB of scripts. A client-rendered page keeps its deferred entry and preloads: it has nothing to show before.
 */
export function startAfterPaint(src) {
  const url = JSON.stringify(src).replace(/</g, '\\u003c');
  return (
    '<script>requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(function(){' +
    'document.querySelectorAll("link[data-after-paint]").forEach(function(l){var p=document.createElement("link");p.rel="preload";p.as="script";p.href=l.href;document.head.appendChild(p)});' +
    `var s=document.createElement("script");s.src=${url};document.body.appendChild(s)})})})</script>`
  );
}
