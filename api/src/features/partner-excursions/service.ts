import {
  CLOSED_FIELDS,
  groupRuleProblems,
  MIN_PHOTOS_TO_SUBMIT,
  type ChangeRequest,
  type ChangeRequestBody,
  type FieldChanges,
  type ExcursionStatus,
  type PartnerExcursion,
  type PartnerExcursionFields,
  type PartnerExcursionItem,
} from '@excursio/shared/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cities,
  events,
  excursionChangeRequests,
  excursionPhotos,
  excursions,
  excursionSights,
  excursionTags,
  sights,
  orders,
  regions,
  tags,
  uploadedImages,
  users,
} from '../../db/schema';
import { fieldError, HttpError, notFound } from '../../http/http-error';
import { imagesById, ownedImages } from '../media/uploads/store';
import { notifyStaff } from '../notifications/notify';

type Row = typeof excursions.$inferSelect;

const FIELD_NAMES: Record<string, string> = {
  title: 'название',
  description: 'описание (от 200 символов)',
  programme: 'программа',
  meeting_point: 'место встречи',
  duration_minutes: 'продолжительность',
  price_units: 'цена',
  group_size_max: 'размер группы',
  photos: `фото (не меньше ${MIN_PHOTOS_TO_SUBMIT})`,
  languages: 'языки',
};

async function ownRow(db: Database, partnerId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(excursions).where(and(eq(excursions.id, id), eq(excursions.partnerId, partnerId)));
  if (!row) throw notFound();
  return row;
}

async function pathOf(db: Database, row: Row): Promise<string | null> {
  if (row.status !== 'published') return null;
  const [place] = await db
    .select({ city: cities.slug, region: regions.slug })
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(cities.id, row.cityId));
  return place ? `/excursion/${place.region}/${place.city}/${row.slug}` : null;
}

/** The whole excursion as the editor shows it. */
export async function partnerExcursion(db: Database, partnerId: number, id: number): Promise<PartnerExcursion> {
  const row = await ownRow(db, partnerId, id);
  const photoRows = await db.select().from(excursionPhotos).where(eq(excursionPhotos.excursionId, id)).orderBy(asc(excursionPhotos.position));
  const byUrl = await imagesByUrl(db, photoRows.map((p) => p.url));
  const tagRows = await db.select({ id: excursionTags.tagId }).from(excursionTags).where(eq(excursionTags.excursionId, id));
  const sightRows = await db.select({ id: excursionSights.sightId }).from(excursionSights).where(eq(excursionSights.excursionId, id));
  const requests = await db.select().from(excursionChangeRequests).where(eq(excursionChangeRequests.excursionId, id)).orderBy(desc(excursionChangeRequests.id));
  return {
    id: row.id,
    status: row.status as ExcursionStatus,
    moderation_comment: row.moderationComment,
    title: row.title,
    city_id: row.cityId,
    description: row.description,
    programme: row.programme,
    included: row.included,
    excluded: row.excluded,
    meeting_point: row.meetingPoint,
    languages: row.languages,
    duration_minutes: row.durationMinutes > 0 ? row.durationMinutes : null,
    format: row.format,
    price_type: row.priceType,
    price_units: row.priceUnits,
    group_size_max: row.groupSizeMax,
    group_min: row.groupMin,
    group_decision_hours: row.groupDecisionHours,
    instant_booking: row.instantBooking,
    cancellation_terms: row.cancellationTerms,
    tag_ids: tagRows.map((t) => t.id),
    sight_ids: sightRows.map((t) => t.id),
    photos: photoRows.map((p) => byUrl.get(p.url)).filter((p): p is NonNullable<typeof p> => Boolean(p)),
    catalog_photos: photoRows.filter((p) => !UPLOAD_URL.test(p.url)).map((p) => p.url),
    path: await pathOf(db, row),
    change_requests: requests.map(
      (r): ChangeRequest => ({
        id: r.id,
        status: r.status,
        changes: r.changes as FieldChanges,
        comment: r.comment,
        moderator_comment: r.moderatorComment,
        created_at: r.createdAt.toISOString(),
      }),
    ),
    updated_at: row.updatedAt.toISOString(),
  };
}

const UPLOAD_URL = /\/api\/media\/u\/[0-9a-f]{64}\//;

/** Uploaded images behind photo urls (`/api/media/u/{hash}/…`); seeded photos have none and are left out. */
async function imagesByUrl(db: Database, urls: string[]) {
  const hashes = urls.map((u) => /\/api\/media\/u\/([0-9a-f]{64})\//.exec(u)?.[1]).filter((h): h is string => Boolean(h));
  if (hashes.length === 0) return new Map();
  const rows = await db.select({ id: uploadedImages.id, hash: uploadedImages.hash }).from(uploadedImages).where(inArray(uploadedImages.hash, hashes));
  const images = await imagesById(db, rows.map((r) => r.id));
  const out = new Map<string, NonNullable<ReturnType<typeof images.get>>>();
  for (const url of urls) {
    const hash = /\/api\/media\/u\/([0-9a-f]{64})\//.exec(url)?.[1];
    const row = rows.find((r) => r.hash === hash);
    const image = row ? images.get(row.id) : undefined;
    if (image) out.set(url, image);
  }
  return out;
}

/** The partner's excursions, newest change first, with what the list shows. */
export async function partnerExcursionList(db: Database, partnerId: number, now: Date): Promise<PartnerExcursionItem[]> {
  const rows = await db
    .select({
      row: excursions,
      city: cities.name,
      region: regions.slug,
      citySlug: cities.slug,
      cover: sql<string | null>`(select ${excursionPhotos.url} from ${excursionPhotos} where ${excursionPhotos.excursionId} = ${excursions.id} order by ${excursionPhotos.position} limit 1)`,
      orders: sql<number>`(select count(*)::int from ${orders} where ${orders.excursionId} = ${excursions.id})`,
      upcoming: sql<number>`(select count(*)::int from ${events} where ${events.excursionId} = ${excursions.id} and ${events.startsAt} > ${now} and ${events.status} = 'active')`,
      pending: sql<boolean>`exists (select 1 from ${excursionChangeRequests} where ${excursionChangeRequests.excursionId} = ${excursions.id} and ${excursionChangeRequests.status} = 'pending')`,
    })
    .from(excursions)
    .leftJoin(cities, eq(cities.id, excursions.cityId))
    .leftJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(excursions.partnerId, partnerId))
    .orderBy(desc(excursions.updatedAt), desc(excursions.id));
  return rows.map((r) => ({
    id: r.row.id,
    title: r.row.title || 'Без названия',
    status: r.row.status as ExcursionStatus,
    moderation_comment: r.row.moderationComment,
    city: r.city,
    cover_url: r.cover,
    orders: r.orders,
    upcoming_slots: r.upcoming,
    pending_change: r.pending,
    path: r.row.status === 'published' && r.region ? `/excursion/${r.region}/${r.citySlug}/${r.row.slug}` : null,
    updated_at: r.row.updatedAt.toISOString(),
  }));
}

/** A new draft (everything may stay empty until it is sent to moderation). */
export async function createDraft(db: Database, partnerId: number, input: { title?: string | undefined; city_id: number }, now: Date): Promise<number> {
  await cityExists(db, input.city_id);
  const [row] = await db
    .insert(excursions)
    .values({
      partnerId,
      cityId: input.city_id,
      slug: `draft-${partnerId}-${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      title: (input.title ?? '').trim(),
      durationMinutes: 0,
      format: 'group',
      priceType: 'per_person',
      price: 0,
      groupSizeMax: 10,
      languages: ['ru'],
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: excursions.id });
  return row!.id;
}

async function cityExists(db: Database, cityId: number) {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw fieldError('city_id', 'Такого города нет.');
}

/**
 * Saves what the editor sends (autosave): a draft or a rejected excursion takes anything; a published one takes its
 * open fields at once, while its closed fields (title, city, format, price type) go through a change request.
 */
export async function saveExcursion(db: Database, partnerId: number, id: number, fields: PartnerExcursionFields, now: Date): Promise<boolean> {
  const row = await ownRow(db, partnerId, id);
  if (row.status === 'archived') throw new HttpError(422, 'Экскурсия в архиве: восстановите её, чтобы изменить.', {});
  if (row.status === 'moderation') throw new HttpError(422, 'Экскурсия на модерации: верните её в черновик, чтобы изменить.', {});
  const locked = row.status === 'published' || row.status === 'hidden';
  if (locked) {
    for (const field of CLOSED_FIELDS) {
      const proposed = fields[field];
      if (proposed === undefined) continue;
      const current = field === 'city_id' ? row.cityId : field === 'price_type' ? row.priceType : row[field];
      if (proposed !== current) throw fieldError(field, 'Это поле закрыто после публикации: предложите изменение на модерацию.');
    }
  }
  if (fields.city_id !== undefined) await cityExists(db, fields.city_id);
  if (fields.group_min !== undefined || fields.group_decision_hours !== undefined || fields.group_size_max !== undefined) {
    // the group's minimum against what the excursion will be after this save
    const rule = {
      format: fields.format ?? row.format,
      groupSizeMax: fields.group_size_max === undefined ? row.groupSizeMax : (fields.group_size_max ?? 10),
      groupMin: fields.group_min === undefined ? row.groupMin : fields.group_min,
      decisionHours: fields.group_decision_hours ?? row.groupDecisionHours,
    };
    // an individual excursion never gathers (a minimum left from a group format is ignored): only a new one is refused
    const problems = groupRuleProblems(fields.group_min === undefined && rule.format === 'individual' ? { ...rule, groupMin: null } : rule);
    if (Object.keys(problems).length > 0) {
      const errors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field === 'group_min' && fields.group_min === undefined ? 'group_size_max' : field, [message]]));
      throw new HttpError(422, Object.values(problems)[0]!, errors);
    }
  }
  const set: Partial<typeof excursions.$inferInsert> = { updatedAt: now };
  if (fields.title !== undefined) set.title = fields.title.trim();
  if (fields.city_id !== undefined) set.cityId = fields.city_id;
  if (fields.description !== undefined) set.description = fields.description;
  if (fields.programme !== undefined) set.programme = fields.programme.map((s) => s.trim()).filter(Boolean);
  if (fields.included !== undefined) set.included = fields.included.map((s) => s.trim()).filter(Boolean);
  if (fields.excluded !== undefined) set.excluded = fields.excluded.map((s) => s.trim()).filter(Boolean);
  if (fields.meeting_point !== undefined) set.meetingPoint = fields.meeting_point;
  if (fields.languages !== undefined) set.languages = [...new Set(fields.languages)];
  if (fields.duration_minutes !== undefined) set.durationMinutes = fields.duration_minutes ?? 0;
  if (fields.format !== undefined) set.format = fields.format;
  if (fields.price_type !== undefined) set.priceType = fields.price_type;
  if (fields.price_units !== undefined) {
    set.priceUnits = fields.price_units;
    set.price = fields.price_units.reduce((min, u) => Math.min(min, u.price), fields.price_units[0]?.price ?? 0);
  }
  if (fields.group_size_max !== undefined) set.groupSizeMax = fields.group_size_max ?? 10;
  if (fields.group_min !== undefined) set.groupMin = fields.group_min;
  if (fields.group_decision_hours !== undefined) set.groupDecisionHours = fields.group_decision_hours;
  if (fields.instant_booking !== undefined) set.instantBooking = fields.instant_booking;
  if (fields.cancellation_terms !== undefined) set.cancellationTerms = fields.cancellation_terms;
  await db.transaction(async (tx) => {
    await tx.update(excursions).set(set).where(eq(excursions.id, id));
    if (fields.tag_ids !== undefined) {
      const known = fields.tag_ids.length ? await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, fields.tag_ids)) : [];
      await tx.delete(excursionTags).where(eq(excursionTags.excursionId, id));
      if (known.length) await tx.insert(excursionTags).values(known.map((t) => ({ excursionId: id, tagId: t.id })));
    }
    if (fields.sight_ids !== undefined) {
      // only sights of the excursion's city
      const cityId = fields.city_id ?? row.cityId;
      const known = fields.sight_ids.length
        ? await tx.select({ id: sights.id }).from(sights).where(and(inArray(sights.id, fields.sight_ids), eq(sights.cityId, cityId)))
        : [];
      await tx.delete(excursionSights).where(eq(excursionSights.excursionId, id));
      if (known.length) await tx.insert(excursionSights).values(known.map((t) => ({ excursionId: id, sightId: t.id })));
    }
  });
  return locked; // a published excursion's change is live at once
}

/** Sets the photos in order (the first is the cover): uploaded photos of mine, or ones the excursion already has. */
export async function setPhotos(db: Database, partnerId: number, id: number, imageIds: number[]): Promise<void> {
  await ownRow(db, partnerId, id);
  const unique = [...new Set(imageIds)];
  const mine = await ownedImages(db, partnerId, unique);
  if (unique.some((i) => mine.get(i)?.preset !== 'photo')) throw fieldError('image_ids', 'Фото не найдено: загрузите его снова.');
  const large = (imageId: number) => {
    const image = mine.get(imageId)!;
    return image.srcset.split(', ').find((e) => e.endsWith(' 1280w'))?.split(' ')[0] ?? image.url;
  };
  await db.transaction(async (tx) => {
    // the catalog's own pictures (not uploads) stay first; the uploaded ones follow in the order given
    const current = await tx.select().from(excursionPhotos).where(eq(excursionPhotos.excursionId, id));
    const kept = current.filter((p) => !UPLOAD_URL.test(p.url)).length;
    await tx.delete(excursionPhotos).where(and(eq(excursionPhotos.excursionId, id), sql`${excursionPhotos.url} ~ '/api/media/u/'`));
    if (unique.length) await tx.insert(excursionPhotos).values(unique.map((imageId, position) => ({ excursionId: id, url: large(imageId), position: kept + position })));
    await tx.update(excursions).set({ updatedAt: new Date() }).where(eq(excursions.id, id));
  });
}

/** What is missing before moderation, in Russian, by field. */
export async function missingFields(db: Database, row: Row): Promise<Record<string, string[]>> {
  const photos = await db.$count(excursionPhotos, eq(excursionPhotos.excursionId, row.id));
  const missing: Record<string, string[]> = {};
  const need = (field: string, ok: boolean) => {
    if (!ok) missing[field] = [`Заполните: ${FIELD_NAMES[field]}.`];
  };
  need('title', row.title.trim().length >= 5);
  need('description', row.description.trim().length >= 200);
  need('programme', row.programme.length > 0);
  need('meeting_point', row.meetingPoint.trim().length > 0);
  need('duration_minutes', row.durationMinutes > 0);
  need('price_units', row.priceUnits.length > 0 && row.priceUnits.every((u) => u.price > 0));
  need('languages', row.languages.length > 0);
  need('photos', photos >= MIN_PHOTOS_TO_SUBMIT);
  return missing;
}

/** The moderators' notice of a new item in their queue (in the caller's `withEvents` transaction). */
async function notifyModerators(tx: Database, row: Row, what: string, link: string): Promise<void> {
  const [partner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.partnerId));
  const title = row.title.length > 80 ? `${row.title.slice(0, 79)}…` : row.title;
  await notifyStaff(tx, { type: 'staff_moderation_waiting', text: `${what}: «${title}» (${partner?.name ?? 'партнёр'})`, link, data: { excursion_id: row.id } });
}

/** A status move the partner makes (each from the statuses it makes sense from); open `db` with `withEvents`. */
export async function moveStatus(db: Database, partnerId: number, id: number, action: 'submit' | 'withdraw' | 'hide' | 'show' | 'archive' | 'restore', now: Date): Promise<void> {
  const row = await ownRow(db, partnerId, id);
  const from: Record<typeof action, string[]> = {
    submit: ['draft', 'rejected'],
    withdraw: ['moderation'],
    hide: ['published'],
    show: ['hidden'],
    archive: ['draft', 'rejected', 'published', 'hidden'],
    restore: ['archived'],
  };
  if (!from[action].includes(row.status)) throw new HttpError(422, 'Сейчас это сделать нельзя: обновите страницу.', { status: [row.status] });
  if (action === 'submit') {
    const missing = await missingFields(db, row);
    if (Object.keys(missing).length > 0) {
      const names = Object.keys(missing).map((f) => FIELD_NAMES[f]).join(', ');
      throw new HttpError(422, `Перед модерацией заполните: ${names}.`, missing);
    }
  }
  const to = { submit: 'moderation', withdraw: 'draft', hide: 'hidden', show: 'published', archive: 'archived', restore: row.publishedAt ? 'hidden' : 'draft' }[action] as Row['status'];
  await db
    .update(excursions)
    .set({ status: to, updatedAt: now, ...(action === 'submit' ? { submittedAt: now, moderationComment: null } : {}) })
    .where(eq(excursions.id, id));
  if (action === 'submit') await notifyModerators(db, row, 'Новая экскурсия на модерации', `/backoffice/moderation/excursions/${id}`);
}

/** A new draft with the same content, tags and photos. */
export async function duplicate(db: Database, partnerId: number, id: number, now: Date): Promise<number> {
  const row = await ownRow(db, partnerId, id);
  const copy = await createDraft(db, partnerId, { city_id: row.cityId }, now);
  const { id: _id, slug: _slug, status: _status, moderationComment: _m, submittedAt: _s, publishedAt: _p, createdAt: _c, updatedAt: _u, rating: _r, reviewsCount: _rc, popularity: _pop, ...content } = row;
  await db.update(excursions).set({ ...content, title: `${row.title} (копия)`.slice(0, 300), updatedAt: now }).where(eq(excursions.id, copy));
  const photos = await db.select().from(excursionPhotos).where(eq(excursionPhotos.excursionId, id));
  if (photos.length) await db.insert(excursionPhotos).values(photos.map((p) => ({ excursionId: copy, url: p.url, position: p.position })));
  const tagRows = await db.select().from(excursionTags).where(eq(excursionTags.excursionId, id));
  if (tagRows.length) await db.insert(excursionTags).values(tagRows.map((t) => ({ excursionId: copy, tagId: t.tagId })));
  const sightRows = await db.select().from(excursionSights).where(eq(excursionSights.excursionId, id));
  if (sightRows.length) await db.insert(excursionSights).values(sightRows.map((t) => ({ excursionId: copy, sightId: t.sightId })));
  return copy;
}

/** A proposed change of closed fields: a field-by-field diff for moderation; the live excursion stays as it is (open `tx` with `withEvents`). */
export async function requestChange(tx: Database, partnerId: number, id: number, body: ChangeRequestBody, now: Date): Promise<void> {
  const row = await ownRow(tx, partnerId, id);
  if (row.status !== 'published' && row.status !== 'hidden') throw new HttpError(422, 'Изменение закрытых полей предлагают для опубликованной экскурсии.', {});
  if (body.city_id !== undefined) await cityExists(tx, body.city_id);
  const current: Record<string, string | number> = { title: row.title, city_id: row.cityId, format: row.format, price_type: row.priceType };
  const changes: FieldChanges = {};
  for (const field of CLOSED_FIELDS) {
    const proposed = field === 'title' ? body.title?.trim() : body[field];
    if (proposed !== undefined && proposed !== current[field]) changes[field] = { from: current[field]!, to: proposed };
  }
  if (Object.keys(changes).length === 0) throw fieldError('title', 'Измените хотя бы одно поле.');
  await tx
    .update(excursionChangeRequests)
    .set({ status: 'rejected', moderatorComment: 'Заменено новым предложением.', resolvedAt: now })
    .where(and(eq(excursionChangeRequests.excursionId, id), eq(excursionChangeRequests.status, 'pending')));
  const [change] = await tx
    .insert(excursionChangeRequests)
    .values({ excursionId: id, partnerId, changes, comment: (body.comment ?? '').trim(), createdAt: now, updatedAt: now })
    .returning({ id: excursionChangeRequests.id });
  await notifyModerators(tx, row, 'Изменение экскурсии на модерации', `/backoffice/moderation/changes/${change!.id}`);
}
