import {
  MODERATION_CLAIM_MIN,
  type FieldChanges,
  type ModerationDetail,
  type ModerationField,
  type ModerationKindPath,
  type StaffModerationItem,
} from '@excursio/shared/contracts';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursionChangeRequests, excursionPhotos, excursions, moderationClaims, regions, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { decideChange, decideExcursion } from '../partner-excursions/moderation';
import { audit } from './audit';
import type { StaffActor } from './staff';

/** Staff moderation in the back office: the queue with claims, one item side by side, claiming and deciding. */

type Kind = 'excursion' | 'change';
export const kindOf = (path: ModerationKindPath): Kind => (path === 'excursions' ? 'excursion' : 'change');
const CLAIM_MS = MODERATION_CLAIM_MIN * 60_000;

interface Claim {
  kind: string;
  itemId: number;
  staffId: number;
  staffName: string;
  until: Date;
}

/** The live claims (not lapsed) of the given items. */
async function claimsOf(db: Database, now: Date, kind?: Kind, itemId?: number): Promise<Map<string, Claim>> {
  const rows = await db
    .select({ kind: moderationClaims.kind, itemId: moderationClaims.itemId, staffId: moderationClaims.staffId, staffName: users.name, until: moderationClaims.until })
    .from(moderationClaims)
    .innerJoin(users, eq(users.id, moderationClaims.staffId))
    .where(and(gt(moderationClaims.until, now), kind ? eq(moderationClaims.kind, kind) : undefined, itemId ? eq(moderationClaims.itemId, itemId) : undefined));
  return new Map(rows.map((r) => [`${r.kind}:${r.itemId}`, r]));
}

const claimOut = (claim: Claim | undefined, me: number) =>
  claim ? { by: { id: claim.staffId, name: claim.staffName }, until: claim.until.toISOString(), mine: claim.staffId === me } : null;

const ageOf = (at: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));

/** Everything waiting: submitted excursions and pending change requests, oldest first, with who reviews them. */
export async function staffQueue(db: Database, me: number, now: Date, only?: Kind): Promise<StaffModerationItem[]> {
  const submitted =
    only === 'change'
      ? []
      : await db
          .select({ id: excursions.id, title: excursions.title, partner: users.name, partnerId: users.id, city: cities.name, at: excursions.submittedAt, createdAt: excursions.createdAt })
          .from(excursions)
          .innerJoin(users, eq(users.id, excursions.partnerId))
          .innerJoin(cities, eq(cities.id, excursions.cityId))
          .where(eq(excursions.status, 'moderation'))
          .orderBy(asc(excursions.submittedAt), asc(excursions.id));
  const changes =
    only === 'excursion'
      ? []
      : await db
          .select({ id: excursionChangeRequests.id, excursionId: excursions.id, title: excursions.title, partner: users.name, partnerId: users.id, city: cities.name, changes: excursionChangeRequests.changes, at: excursionChangeRequests.createdAt })
          .from(excursionChangeRequests)
          .innerJoin(excursions, eq(excursions.id, excursionChangeRequests.excursionId))
          .innerJoin(users, eq(users.id, excursionChangeRequests.partnerId))
          .innerJoin(cities, eq(cities.id, excursions.cityId))
          .where(eq(excursionChangeRequests.status, 'pending'))
          .orderBy(asc(excursionChangeRequests.createdAt), asc(excursionChangeRequests.id));
  const claims = await claimsOf(db, now);
  const items: StaffModerationItem[] = [
    ...submitted.map((s) => {
      const at = s.at ?? s.createdAt;
      return { kind: 'excursion' as const, id: s.id, excursion_id: s.id, title: s.title, partner: s.partner, partner_id: s.partnerId, city_name: s.city, changes: null, submitted_at: at.toISOString(), age_s: ageOf(at, now), claim: claimOut(claims.get(`excursion:${s.id}`), me) };
    }),
    ...changes.map((c) => ({ kind: 'change' as const, id: c.id, excursion_id: c.excursionId, title: c.title, partner: c.partner, partner_id: c.partnerId, city_name: c.city, changes: c.changes as FieldChanges, submitted_at: c.at.toISOString(), age_s: ageOf(c.at, now), claim: claimOut(claims.get(`change:${c.id}`), me) })),
  ];
  return items.sort((a, b) => b.age_s - a.age_s);
}

const FORMAT_RU: Record<string, string> = { group: 'Групповая', individual: 'Индивидуальная' };
const PRICE_TYPE_RU: Record<string, string> = { per_person: 'За человека', per_group: 'За группу' };
const LABELS: Record<string, string> = {
  title: 'Название',
  city_id: 'Город',
  format: 'Формат',
  price_type: 'Тип цены',
  description: 'Описание',
  programme: 'Программа',
  included: 'Включено',
  excluded: 'Не включено',
  languages: 'Языки',
  duration_minutes: 'Длительность, мин',
  meeting_point: 'Место встречи',
  price: 'Цена, ₽',
  group_size_max: 'Размер группы',
  cancellation_terms: 'Условия отмены',
};

async function cityName(db: Database, id: number): Promise<string> {
  const [row] = await db.select({ name: cities.name }).from(cities).where(eq(cities.id, id));
  return row?.name ?? `Город №${id}`;
}

async function display(db: Database, field: string, value: unknown): Promise<string> {
  if (field === 'city_id') return cityName(db, Number(value));
  if (field === 'format') return FORMAT_RU[String(value)] ?? String(value);
  if (field === 'price_type') return PRICE_TYPE_RU[String(value)] ?? String(value);
  if (Array.isArray(value)) return value.map(String).join('\n');
  return String(value ?? '');
}

/** A photo url's thumbnail: the 320 px rendition of an upload, the picture itself otherwise. */
const thumbOf = (url: string) => url.replace(/^(\/api\/media\/u\/[0-9a-f]{64}\/)\d+\.(webp|jpg)$/, '$1320.webp');

export async function moderationDetail(db: Database, path: ModerationKindPath, id: number, me: number, now: Date): Promise<ModerationDetail> {
  const kind = kindOf(path);
  let excursionId = id;
  let change: typeof excursionChangeRequests.$inferSelect | undefined;
  if (kind === 'change') {
    [change] = await db.select().from(excursionChangeRequests).where(eq(excursionChangeRequests.id, id));
    if (!change) throw notFound();
    excursionId = change.excursionId;
  }
  const [row] = await db
    .select({ e: excursions, partner: users.name, city: cities.name, citySlug: cities.slug, regionSlug: regions.slug })
    .from(excursions)
    .innerJoin(users, eq(users.id, excursions.partnerId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(excursions.id, excursionId));
  if (!row) throw notFound();
  const e = row.e;
  if (kind === 'excursion' && !['moderation', 'published', 'rejected'].includes(e.status)) throw notFound();
  const fields: ModerationField[] = [];
  if (change) {
    for (const [field, value] of Object.entries(change.changes as FieldChanges)) {
      const current = await display(db, field, value.from);
      const proposed = await display(db, field, value.to);
      fields.push({ field, label: LABELS[field] ?? field, current, proposed, changed: current !== proposed });
    }
  } else {
    const values: Record<string, unknown> = {
      title: e.title, city_id: e.cityId, format: e.format, price_type: e.priceType, price: e.price, duration_minutes: e.durationMinutes,
      group_size_max: e.groupSizeMax, meeting_point: e.meetingPoint, languages: e.languages, description: e.description,
      programme: e.programme, included: e.included, excluded: e.excluded, cancellation_terms: e.cancellationTerms,
    };
    for (const [field, value] of Object.entries(values)) {
      fields.push({ field, label: LABELS[field] ?? field, current: null, proposed: await display(db, field, value), changed: true });
    }
  }
  const photos = await db.select({ url: excursionPhotos.url }).from(excursionPhotos).where(eq(excursionPhotos.excursionId, excursionId)).orderBy(asc(excursionPhotos.position));
  const claims = await claimsOf(db, now, kind, id);
  const submittedAt = change ? change.createdAt : (e.submittedAt ?? e.createdAt);
  const state = change
    ? change.status
    : e.status === 'moderation' ? 'pending' : e.status === 'published' ? 'approved' : 'rejected';
  return {
    kind,
    id,
    excursion_id: excursionId,
    title: e.title,
    partner: row.partner,
    partner_id: e.partnerId,
    city_name: row.city,
    changes: change ? (change.changes as FieldChanges) : null,
    submitted_at: submittedAt.toISOString(),
    age_s: ageOf(submittedAt, now),
    claim: state === 'pending' ? claimOut(claims.get(`${kind}:${id}`), me) : null,
    state,
    partner_comment: change?.comment ?? '',
    moderator_comment: change ? change.moderatorComment : e.moderationComment,
    fields,
    photos: photos.map((p) => ({ url: p.url, thumb_url: thumbOf(p.url) })),
    public_url: e.status === 'published' ? `/excursion/${row.regionSlug}/${row.citySlug}/${e.slug}` : null,
  };
}

/** Whether the item still waits (locked for the rest of the transaction, so two decisions queue up behind it). */
async function lockPending(tx: Database, kind: Kind, id: number): Promise<{ partnerId: number; title: string }> {
  if (kind === 'excursion') {
    const [row] = await tx.select({ status: excursions.status, partnerId: excursions.partnerId, title: excursions.title }).from(excursions).where(eq(excursions.id, id)).for('update');
    if (!row || !['moderation', 'published', 'rejected'].includes(row.status)) throw notFound();
    if (row.status !== 'moderation') throw alreadyDecided();
    return row;
  }
  const [row] = await tx
    .select({ status: excursionChangeRequests.status, partnerId: excursionChangeRequests.partnerId, excursionId: excursionChangeRequests.excursionId })
    .from(excursionChangeRequests)
    .where(eq(excursionChangeRequests.id, id))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'pending') throw alreadyDecided();
  const [e] = await tx.select({ title: excursions.title }).from(excursions).where(eq(excursions.id, row.excursionId));
  return { partnerId: row.partnerId, title: e?.title ?? '' };
}

const ALREADY_DECIDED = 'Решение по этой заявке уже принято.';
const alreadyDecided = () => new HttpError(409, ALREADY_DECIDED, { status: [ALREADY_DECIDED] });
const claimedBy = (name: string) => {
  const message = `Заявку проверяет ${name}.`;
  return new HttpError(409, message, { claim: [message] });
};

/** Someone else's live claim on the item: a 409 naming them. */
async function refuseOthersClaim(tx: Database, kind: Kind, id: number, me: number, now: Date): Promise<void> {
  const claim = (await claimsOf(tx, now, kind, id)).get(`${kind}:${id}`);
  if (claim && claim.staffId !== me) throw claimedBy(claim.staffName);
}

/** Takes (or renews) the claim: MODERATION_CLAIM_MIN minutes; someone else's live claim is a 409. */
export async function claimItem(tx: Database, actor: StaffActor, path: ModerationKindPath, id: number, now: Date): Promise<void> {
  const kind = kindOf(path);
  await lockPending(tx, kind, id);
  await refuseOthersClaim(tx, kind, id, actor.id, now);
  const until = new Date(now.getTime() + CLAIM_MS);
  await tx
    .insert(moderationClaims)
    .values({ kind, itemId: id, staffId: actor.id, until })
    .onConflictDoUpdate({ target: [moderationClaims.kind, moderationClaims.itemId], set: { staffId: actor.id, until } });
  await audit(tx, actor, { action: 'moderation.claim', entityType: kind === 'excursion' ? 'excursion' : 'change_request', entityId: id, after: { until: until.toISOString() } });
}

/** Gives the claim back (only one's own; someone else's live claim is a 409). */
export async function releaseItem(tx: Database, actor: StaffActor, path: ModerationKindPath, id: number, now: Date): Promise<void> {
  const kind = kindOf(path);
  await lockPending(tx, kind, id);
  await refuseOthersClaim(tx, kind, id, actor.id, now);
  const removed = await tx.delete(moderationClaims).where(and(eq(moderationClaims.kind, kind), eq(moderationClaims.itemId, id))).returning({ id: moderationClaims.itemId });
  if (removed.length) await audit(tx, actor, { action: 'moderation.release', entityType: kind === 'excursion' ? 'excursion' : 'change_request', entityId: id });
}

/**
 * Approves or rejects an item: exactly one decision wins (the item's row is locked first; the second finds it decided
 * and gets 409), someone else's live claim is a 409, the partner is told (by the decide functions), the claim ends.
 */
export async function decideItem(
  tx: Database,
  actor: StaffActor,
  path: ModerationKindPath,
  id: number,
  decision: { approve: boolean; comment: string | null; templateId?: number | undefined },
  now: Date,
): Promise<void> {
  const kind = kindOf(path);
  const item = await lockPending(tx, kind, id);
  await refuseOthersClaim(tx, kind, id, actor.id, now);
  if (kind === 'excursion') await decideExcursion(tx, id, decision.approve, decision.comment, now);
  else await decideChange(tx, id, decision.approve, decision.comment, now);
  await tx.delete(moderationClaims).where(and(eq(moderationClaims.kind, kind), eq(moderationClaims.itemId, id)));
  await audit(tx, actor, {
    action: decision.approve ? 'moderation.approve' : 'moderation.reject',
    entityType: kind === 'excursion' ? 'excursion' : 'change_request',
    entityId: id,
    before: { status: kind === 'excursion' ? 'moderation' : 'pending', title: item.title },
    after: { status: decision.approve ? (kind === 'excursion' ? 'published' : 'approved') : 'rejected', ...(decision.templateId ? { template_id: decision.templateId } : {}) },
    reason: decision.comment,
  });
}

/** Claims that lapsed are just rows past `until`; they are dropped when older than a day. */
export async function dropLapsedClaims(db: Database, now: Date): Promise<void> {
  await db.delete(moderationClaims).where(lte(moderationClaims.until, new Date(now.getTime() - 86_400_000)));
}

/** Oldest waiting item and the count (the dashboard's moderation queue). */
export async function moderationQueueSize(db: Database): Promise<{ count: number; oldest: Date | null }> {
  const [a] = await db.select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(coalesce(${excursions.submittedAt}, ${excursions.createdAt}))` }).from(excursions).where(eq(excursions.status, 'moderation'));
  const [b] = await db.select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${excursionChangeRequests.createdAt})` }).from(excursionChangeRequests).where(inArray(excursionChangeRequests.status, ['pending']));
  const dates = [a?.oldest, b?.oldest].filter((d): d is string => Boolean(d)).map((d) => new Date(d));
  return { count: (a?.n ?? 0) + (b?.n ?? 0), oldest: dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null };
}
