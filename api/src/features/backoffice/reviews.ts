import type { StaffReview, StaffReviewListQuery } from '@excursio/shared/contracts';
import { aliasedTable, and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, reviewFlags, reviews, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import { notify, notifyStaff } from '../notifications/notify';
import { refreshRatings } from '../partner-reviews/create';
import { audit } from './audit';
import { requiredText, type StaffActor } from './staff';

/** Reviews in the back office: partners' complaints («Пожаловаться»), search, hide and restore with a reason. */

const partner = aliasedTable(users, 'partner');
const hider = aliasedTable(users, 'hider');
const openFlag = sql`exists (select 1 from ${reviewFlags} where ${reviewFlags.reviewId} = ${reviews.id} and ${reviewFlags.resolvedAt} is null)`;

function filters(query: StaffReviewListQuery): SQL | undefined {
  const q = query.q?.trim();
  const words = q ? `%${q.replace(/[%_\\]/g, '')}%` : '';
  return and(
    query.flagged === undefined ? undefined : query.flagged ? openFlag : sql`not ${openFlag}`,
    query.hidden === undefined ? undefined : query.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt),
    q ? or(ilike(reviews.text, words), ilike(reviews.authorName, words), ilike(excursions.title, words), /^\d{1,9}$/.test(q) ? eq(reviews.id, Number(q)) : undefined) : undefined,
  );
}

const select = {
  r: reviews,
  title: excursions.title,
  partnerId: partner.id,
  partnerName: partner.name,
  hiderName: hider.name,
  oldestFlag: sql<Date | null>`(select min(${reviewFlags.createdAt}) from ${reviewFlags} where ${reviewFlags.reviewId} = ${reviews.id} and ${reviewFlags.resolvedAt} is null)`,
};

const base = (db: Database) =>
  db
    .select(select)
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .innerJoin(partner, eq(partner.id, excursions.partnerId))
    .leftJoin(hider, eq(hider.id, reviews.hiddenBy));

interface Row {
  r: typeof reviews.$inferSelect;
  title: string;
  partnerId: number;
  partnerName: string;
  hiderName: string | null;
}

async function withFlags(db: Database, rows: Row[]): Promise<StaffReview[]> {
  const ids = rows.map((r) => r.r.id);
  const flags = ids.length
    ? await db
        .select({ f: reviewFlags, name: users.name })
        .from(reviewFlags)
        .innerJoin(users, eq(users.id, reviewFlags.partnerId))
        .where(inArray(reviewFlags.reviewId, ids))
        .orderBy(asc(reviewFlags.id))
    : [];
  return rows.map(({ r, title, partnerId, partnerName, hiderName }) => ({
    id: r.id,
    excursion: { id: r.excursionId, title },
    partner: { id: partnerId, name: partnerName },
    author: { id: r.userId, name: r.authorName },
    rating: r.rating,
    text: r.text,
    reply: r.reply,
    created_at: r.createdAt.toISOString(),
    hidden: r.hiddenAt ? { reason: r.hiddenReason ?? '', at: r.hiddenAt.toISOString(), by: r.hiddenBy !== null && hiderName !== null ? { id: r.hiddenBy, name: hiderName } : null } : null,
    flags: flags
      .filter(({ f }) => f.reviewId === r.id)
      .map(({ f, name }) => ({ id: f.id, partner: { id: f.partnerId, name }, reason: f.reason, created_at: f.createdAt.toISOString(), open: f.resolvedAt === null })),
  }));
}

export async function staffReviewPage(db: Database, query: StaffReviewListQuery): Promise<Page<StaffReview>> {
  const request = pageRequest(query, 20);
  const where = filters(query);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(reviews).innerJoin(excursions, eq(excursions.id, reviews.excursionId)).where(where);
  const total = counted?.n ?? 0;
  // complaints: the longest waiting first; otherwise the newest reviews first
  const order = query.flagged ? [asc(select.oldestFlag), asc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];
  const rows = (total > offsetOf(request) ? await base(db).where(where).orderBy(...order).limit(request.perPage).offset(offsetOf(request)) : []) as unknown as Row[];
  return pageOf(await withFlags(db, rows), total, request);
}

export async function staffReview(db: Database, id: number): Promise<StaffReview> {
  const rows = (await base(db).where(eq(reviews.id, id))) as unknown as Row[];
  if (!rows.length) throw notFound();
  return (await withFlags(db, rows))[0]!;
}

/** A partner complains about a review of their own excursion (another partner's review is a 404). */
export async function flagReview(tx: Database, partnerId: number, reviewId: number, rawReason: string): Promise<void> {
  const reason = requiredText(rawReason, 'reason', 'Опишите, что не так с отзывом.', 1000);
  const [row] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .where(and(eq(reviews.id, reviewId), eq(excursions.partnerId, partnerId)));
  if (!row) throw notFound();
  const [open] = await tx.select({ id: reviewFlags.id }).from(reviewFlags).where(and(eq(reviewFlags.reviewId, reviewId), eq(reviewFlags.partnerId, partnerId), isNull(reviewFlags.resolvedAt))).for('update');
  if (open) {
    await tx.update(reviewFlags).set({ reason }).where(eq(reviewFlags.id, open.id));
    return;
  }
  await tx.insert(reviewFlags).values({ reviewId, partnerId, reason }).onConflictDoNothing();
  const [partner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, partnerId));
  const excerpt = reason.length > 80 ? `${reason.slice(0, 79)}…` : reason;
  await notifyStaff(tx, { type: 'staff_review_flagged', text: `${partner?.name ?? 'Партнёр'} жалуется на отзыв №${reviewId}: «${excerpt}»`, link: '/backoffice/reviews', data: { review_id: reviewId } });
}

async function lockReview(tx: Database, id: number) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Resolves the open flags, telling the partners who raised them how it ended. */
async function resolveFlags(tx: Database, reviewId: number, outcome: string, now: Date): Promise<number> {
  const resolved = await tx.update(reviewFlags).set({ resolvedAt: now }).where(and(eq(reviewFlags.reviewId, reviewId), isNull(reviewFlags.resolvedAt))).returning({ partnerId: reviewFlags.partnerId });
  for (const partnerId of new Set(resolved.map((f) => f.partnerId))) {
    await notify(tx, { userId: partnerId, type: 'partner_review_flag_resolved', text: `Жалоба на отзыв рассмотрена: ${outcome}`, link: '/account/partner/reviews', data: { review_id: reviewId } });
  }
  return resolved.length;
}

/** Hides a review (out of the catalog and the ratings); its author is told the reason; open complaints resolved. */
export async function hideReview(tx: Database, actor: StaffActor, id: number, rawReason: string, now: Date): Promise<void> {
  const reason = requiredText(rawReason, 'reason', 'Укажите причину: автор отзыва её увидит.', 1000);
  const review = await lockReview(tx, id);
  if (review.hiddenAt) throw new HttpError(409, 'Отзыв уже скрыт.', { status: ['Отзыв уже скрыт.'] });
  await tx.update(reviews).set({ hiddenAt: now, hiddenReason: reason, hiddenBy: actor.id }).where(eq(reviews.id, id));
  await refreshRatings(tx, review.excursionId);
  const [e] = await tx.select({ title: excursions.title }).from(excursions).where(eq(excursions.id, review.excursionId));
  if (review.userId) {
    await notify(tx, { userId: review.userId, type: 'client_review_hidden', text: `Ваш отзыв об экскурсии «${e?.title ?? ''}» скрыт. Причина: ${reason}`, link: '/account/user/reviews', data: { review_id: id } });
  }
  const flags = await resolveFlags(tx, id, 'отзыв скрыт.', now);
  await audit(tx, actor, { action: 'review.hide', entityType: 'review', entityId: id, before: { hidden: false }, after: { hidden: true, flags_resolved: flags }, reason });
}

/** Shows a hidden review again; its author is told. */
export async function restoreReview(tx: Database, actor: StaffActor, id: number, rawReason: string): Promise<void> {
  const reason = requiredText(rawReason, 'reason', 'Укажите причину: автор отзыва её увидит.', 1000);
  const review = await lockReview(tx, id);
  if (!review.hiddenAt) throw new HttpError(409, 'Отзыв не скрыт.', { status: ['Отзыв не скрыт.'] });
  await tx.update(reviews).set({ hiddenAt: null, hiddenReason: null, hiddenBy: null }).where(eq(reviews.id, id));
  await refreshRatings(tx, review.excursionId);
  const [e] = await tx.select({ title: excursions.title }).from(excursions).where(eq(excursions.id, review.excursionId));
  if (review.userId) {
    await notify(tx, { userId: review.userId, type: 'client_review_restored', text: `Ваш отзыв об экскурсии «${e?.title ?? ''}» снова опубликован. ${reason}`, link: '/account/user/reviews', data: { review_id: id } });
  }
  await audit(tx, actor, { action: 'review.restore', entityType: 'review', entityId: id, before: { hidden: true, reason: review.hiddenReason }, after: { hidden: false }, reason });
}

/** The complaints are found unfounded: resolved, the review stays. */
export async function dismissFlags(tx: Database, actor: StaffActor, id: number, now: Date): Promise<void> {
  await lockReview(tx, id);
  const flags = await resolveFlags(tx, id, 'нарушений не найдено, отзыв остаётся.', now);
  if (flags === 0) throw new HttpError(409, 'Открытых жалоб на этот отзыв нет.', { status: ['Открытых жалоб на этот отзыв нет.'] });
  await audit(tx, actor, { action: 'review.dismiss_flags', entityType: 'review', entityId: id, after: { flags_resolved: flags } });
}
