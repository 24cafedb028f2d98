import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, excursionViews } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { isPublished } from '../catalog/cards';
import type { AuthUser } from '../auth/tokens';
import { serviceDay } from '@excursio/shared/time';

/**
 * Crawlers, link previews, monitoring and headless browsers (their user agents say so). A page view without a
 * user agent is not a person either.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|yandex(?!browser)|mediapartners|google-?(?:inspectiontool|read-aloud|site-verification|extended)|facebookexternalhit|whatsapp|telegram|vkshare|skypeuripreview|embedly|quora link|pinterest|redditbot|bingpreview|headless|phantomjs|lighthouse|pagespeed|gtmetrix|uptime|pingdom|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|scrapy|postman|insomnia/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.length < 10 || BOT.test(userAgent);
}

/** The stored visitor: an HMAC of the browser's random id and the day with the server's secret (never the raw id). */
export function visitorHash(secret: string, visitorId: string, day: string): string {
  return createHmac('sha256', secret).update(`view:${day}:${visitorId}`).digest('hex');
}

export type ViewOutcome = 'counted' | 'repeat' | 'bot' | 'owner';

/**
 * Counts one view of a published excursion's page: once per visitor and Moscow day; bots and the excursion's own
 * partner are not counted. An unknown or unpublished excursion is a 404.
 */
export async function recordView(
  db: Database,
  input: { excursionId: number; visitorId: string; userAgent: string | undefined; viewer: AuthUser | null; secret: string; now?: Date },
): Promise<ViewOutcome> {
  const excursion = await db.query.excursions.findFirst({
    columns: { id: true, partnerId: true },
    where: and(eq(excursions.id, input.excursionId), isPublished),
  });
  if (!excursion) throw notFound();
  if (isBot(input.userAgent)) return 'bot';
  if (input.viewer && input.viewer.id === excursion.partnerId) return 'owner';
  const day = serviceDay(input.now ?? new Date());
  const inserted = await db
    .insert(excursionViews)
    .values({ excursionId: excursion.id, day, visitorHash: visitorHash(input.secret, input.visitorId, day) })
    .onConflictDoNothing()
    .returning({ day: excursionViews.day });
  return inserted.length > 0 ? 'counted' : 'repeat';
}
