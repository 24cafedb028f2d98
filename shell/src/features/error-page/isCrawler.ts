/** Search-engine and link-preview robots: they get a bare status instead of the error page (spec overlay 4). */
export const CRAWLER_USER_AGENT =
  /googlebot|google-inspectiontool|adsbot|yandex(?:bot|images|mobilebot|direct|metrika)|bingbot|bingpreview|baiduspider|duckduckbot|slurp|applebot|petalbot|sogou|seznambot|mail\.ru_bot|facebookexternalhit|twitterbot|telegrambot|linkedinbot|\b(?:crawler|spider)\b/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER_USER_AGENT.test(userAgent);
}
