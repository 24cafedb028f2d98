// The HTML of a page rendered on the server: the template (shell/server/pageTemplate.mjs) filled with the renderer's
// answer (shell/server/ssr/renderer.mjs).
import { safeJsonText, withHead } from '../preloadHints.mjs';

/** Id of the JSON block with the router's data of a server-rendered page (read by the shell's start-up). */
export const ROUTER_DATA_ID = 'excursio-router-data';

/**
 * A server-rendered page: its head tags (title, description, canonical…) replace the template's title, its stylesheets
 * come inline (styled before any script), its HTML fills #root and the loaders' data follows as JSON.
 */
export function ssrHtml(template, head, rendered) {
  // the page is whole before any script runs: its first paint and first image get the bandwidth, the scripts are
  // fetched when the visitor starts using it, all at once (../startOnIntent.mjs turns these links into preloads)
  head = head.replaceAll('<link rel="preload" as="script" href=', '<link data-after-paint href=');
  const before = rendered.head.includes('<title>') ? template.before.replace(/<title>[^<]*<\/title>/, '') : template.before;
  const style = rendered.css ? `<style data-ssr-css>${rendered.css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  const data = `<script type="application/json" id="${ROUTER_DATA_ID}">${safeJsonText(rendered.data)}</script>`;
  return withHead(before, `${rendered.head}${head}${style}`) + rendered.html + template.after.replace('</div>', `</div>${data}`);
}
