/** Search-engine and link-preview robots: they get a bare status instead of the error page (spec overlay 4). */
export declare const CRAWLER_USER_AGENT: RegExp;
export declare function isCrawler(userAgent: string): boolean;
