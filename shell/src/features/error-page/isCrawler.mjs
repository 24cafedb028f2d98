// Plain JavaScript: the error page (in the browser and the render bundle) and the shell server's rendered-page cache
// (shell/server/pages.mjs: robots are kept apart) read the same rule.

/** Search-engine and link-preview robots: they get a bare status instead of the error page (spec overlay 4). */
export const CRAWLER_USER_AGENT =
  /googlebot|google-inspectiontool|adsbot|yandex(?:bot|images|mobilebot|direct|metrika)|bingbot|bingpreview|baiduspider|duckduckbot|slurp|applebot|petalbot|sogou|seznambot|mail\.ru_bot|facebookexternalhit|twitterbot|telegrambot|linkedinbot|\b(?:crawler|spider)\b/i;

/** @param {string} userAgent */
export function isCrawler(userAgent) {
  return CRAWLER_USER_AGENT.test(userAgent);
}
