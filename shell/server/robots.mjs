// robots.txt of the site (served by the shell's server, shell/server/pages.mjs).

/**
 * What crawlers may read: the catalog, with its sitemap; not the accounts, the order form, sign-in links or the api.
 * @param {string} origin the site as the crawler reached it
 */
export function robotsTxt(origin) {
  return [
    'User-agent: *',
    'Disallow: /account/',
    'Disallow: /*/order$',
    'Disallow: /*?token=',
    'Disallow: /*&token=',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
