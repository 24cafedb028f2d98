import type { FieldChanges } from '@excursio/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursionChangeRequests, excursions } from '../../db/schema';
import { slugify } from '../../text/slug';
import { fieldError, HttpError } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notify } from '../notifications/notify';

/** Staff moderation of the partners' excursions and of their closed-field changes (and the development auto-approval). */

type Row = typeof excursions.$inferSelect;

/** A unique slug in the excursion's city from its title. */
async function freeSlug(tx: Database, row: Row): Promise<string> {
  const base = slugify(row.title) || `ekskursiya-${row.id}`;
  for (let n = 0; ; n++) {
    const slug = n === 0 ? base : `${base}-${n + 1}`;
    const [taken] = await tx.select({ id: excursions.id }).from(excursions).where(and(eq(excursions.cityId, row.cityId), eq(excursions.slug, slug)));
    if (!taken || taken.id === row.id) return slug;
  }
}

/**
 * Staff (or the development auto-approval) decide a submission: published (in the catalog at once) or rejected.
 * Runs in the caller's transaction (`withEvents`, so the partner's notice goes out after the commit).
 */
export async function decideExcursion(tx: Database, id: number, approve: boolean, comment: string | null, now: Date): Promise<void> {
  {
    const [row] = await tx.select().from(excursions).where(and(eq(excursions.id, id), eq(excursions.status, 'moderation'))).for('update');
    if (!row) throw new HttpError(422, 'Эта экскурсия не ждёт модерации.', {});
    if (approve) {
      await tx
        .update(excursions)
        .set({ status: 'published', slug: await freeSlug(tx, row), publishedAt: row.publishedAt ?? now, moderationComment: comment, updatedAt: now })
        .where(eq(excursions.id, id));
    } else {
      if (!comment) throw fieldError('comment', 'Напишите, что исправить: партнёр увидит комментарий.');
      await tx.update(excursions).set({ status: 'rejected', moderationComment: comment, updatedAt: now }).where(eq(excursions.id, id));
    }
    await notify(tx, {
      userId: row.partnerId,
      type: approve ? 'partner_excursion_approved' : 'partner_excursion_rejected',
      text: approve ? `Экскурсия «${row.title}» опубликована и видна в каталоге.` : `Экскурсия «${row.title}» не прошла модерацию: ${comment}`,
      link: `/account/partner/excursions/edit/${id}`,
      data: {},
    });
  }
}

/** Staff decide a proposed change of closed fields; approved, it applies to the live excursion at once. */
export async function decideChange(tx: Database, id: number, approve: boolean, comment: string | null, now: Date): Promise<void> {
  {
    const [request] = await tx.select().from(excursionChangeRequests).where(and(eq(excursionChangeRequests.id, id), eq(excursionChangeRequests.status, 'pending'))).for('update');
    if (!request) throw new HttpError(422, 'Это предложение уже рассмотрено.', {});
    if (!approve && !comment) throw fieldError('comment', 'Напишите, почему изменение не принято.');
    const [row] = await tx.select().from(excursions).where(eq(excursions.id, request.excursionId));
    if (approve && row) {
      const changes = request.changes as FieldChanges;
      const set: Partial<typeof excursions.$inferInsert> = { updatedAt: now };
      if (changes.title) set.title = String(changes.title.to);
      if (changes.city_id) set.cityId = Number(changes.city_id.to);
      if (changes.format) set.format = changes.format.to as Row['format'];
      if (changes.price_type) set.priceType = changes.price_type.to as Row['priceType'];
      await tx.update(excursions).set(set).where(eq(excursions.id, row.id));
      if (changes.title || changes.city_id) {
        const [fresh] = await tx.select().from(excursions).where(eq(excursions.id, row.id));
        await tx.update(excursions).set({ slug: await freeSlug(tx, fresh!) }).where(eq(excursions.id, row.id));
      }
    }
    await tx
      .update(excursionChangeRequests)
      .set({ status: approve ? 'approved' : 'rejected', moderatorComment: comment, resolvedAt: now, updatedAt: now })
      .where(eq(excursionChangeRequests.id, id));
    await notify(tx, {
      userId: request.partnerId,
      type: approve ? 'partner_change_approved' : 'partner_change_rejected',
      text: approve ? `Изменение экскурсии «${row?.title ?? ''}» принято и уже в каталоге.` : `Изменение экскурсии «${row?.title ?? ''}» не принято: ${comment}`,
      link: `/account/partner/excursions/edit/closed_fields/${request.excursionId}`,
      data: {},
    });
  }
}

/** Development: submissions waiting longer than `afterS` seconds are approved by the lifecycle worker. */
export async function autoApprove(deps: { db: Database; broadcaster: Broadcaster }, now: Date, afterS: number): Promise<number> {
  const { db } = deps;
  if (afterS <= 0) return 0;
  const due = await db
    .select({ id: excursions.id })
    .from(excursions)
    .where(and(eq(excursions.status, 'moderation'), sql`${excursions.submittedAt} <= ${new Date(now.getTime() - afterS * 1000)}`));
  for (const { id } of due) {
    await withEvents(db, deps.broadcaster, (tx) => decideExcursion(tx, id, true, 'Одобрено автоматически (режим разработки).', now)).catch(() => undefined);
  }
  return due.length;
}

