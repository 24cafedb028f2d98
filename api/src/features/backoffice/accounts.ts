import type { AccountRole, StaffAccount, StaffAccountListItem, StaffAccountListQuery } from '@excursio/shared/contracts';
import { innProblem } from '@excursio/shared/phone';
import { aliasedTable, and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, excursions, orders, partnerProfiles, reviews, supportTickets, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import { notify } from '../notifications/notify';
import { audit } from './audit';
import { requiredText, type StaffActor } from './staff';

/** Accounts in the back office: customers, partners, staff; blocking, requisites, roles. */

const blocker = aliasedTable(users, 'blocker');
const verifier = aliasedTable(users, 'verifier');

const roleOf = (u: { userType: string; staffRole: string | null }): AccountRole =>
  u.userType === 'staff' ? (u.staffRole === 'admin' ? 'admin' : 'staff') : (u.userType as AccountRole);

interface UserRow {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  userType: string;
  staffRole: string | null;
  createdAt: Date;
  deletedAt: Date | null;
  blockedAt: Date | null;
  blockedReason: string | null;
  blockedBy: number | null;
  blockerName: string | null;
  ordersCount: number;
}

const listSelect = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  userType: users.userType,
  staffRole: users.staffRole,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  blockedAt: users.blockedAt,
  blockedReason: users.blockedReason,
  blockedBy: users.blockedBy,
  blockerName: blocker.name,
  ordersCount: sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${users.id} or ${orders.partnerId} = ${users.id})`,
};

const toItem = (u: UserRow): StaffAccountListItem => ({
  id: u.id,
  name: u.name,
  phone: u.phone,
  email: u.email,
  role: roleOf(u),
  created_at: u.createdAt.toISOString(),
  deleted: u.deletedAt !== null,
  blocked: u.blockedAt ? { reason: u.blockedReason ?? '', at: u.blockedAt.toISOString(), by: u.blockedBy !== null && u.blockerName !== null ? { id: u.blockedBy, name: u.blockerName } : null } : null,
  orders_count: u.ordersCount,
});

function filters(query: StaffAccountListQuery): SQL | undefined {
  const q = query.q?.trim();
  const digits = q?.replace(/\D/g, '') ?? '';
  const words = q ? `%${q.replace(/[%_\\]/g, '')}%` : '';
  return and(
    query.type ? eq(users.userType, query.type) : undefined,
    query.blocked === undefined ? undefined : query.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt),
    q
      ? or(
          ilike(users.name, words),
          ilike(users.email, words),
          digits.length >= 3 ? sql`${users.phone} like ${`%${digits}%`}` : undefined,
          /^\d{1,9}$/.test(q) ? eq(users.id, Number(q)) : undefined,
        )
      : undefined,
  );
}

export async function accountPage(db: Database, query: StaffAccountListQuery): Promise<Page<StaffAccountListItem>> {
  const request = pageRequest(query, 20);
  const where = filters(query);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const total = counted?.n ?? 0;
  const rows = (total > offsetOf(request)
    ? await db.select(listSelect).from(users).leftJoin(blocker, eq(blocker.id, users.blockedBy)).where(where).orderBy(desc(users.id)).limit(request.perPage).offset(offsetOf(request))
    : []) as unknown as UserRow[];
  return pageOf(rows.map(toItem), total, request);
}

export async function accountDetail(db: Database, id: number): Promise<StaffAccount> {
  const [row] = (await db.select(listSelect).from(users).leftJoin(blocker, eq(blocker.id, users.blockedBy)).where(eq(users.id, id))) as unknown as UserRow[];
  if (!row) throw notFound();
  const partner = row.userType === 'partner';
  const orderRows = await db
    .select({ id: orders.id, status: orders.status, title: excursions.title, total: orders.total, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .where(partner ? eq(orders.partnerId, id) : eq(orders.customerId, id))
    .orderBy(desc(orders.id))
    .limit(50);
  const tickets = await db.select().from(supportTickets).where(eq(supportTickets.userId, id)).orderBy(desc(supportTickets.id)).limit(50);
  const reviewRows = await db
    .select({ id: reviews.id, excursionId: excursions.id, title: excursions.title, rating: reviews.rating, text: reviews.text, hiddenAt: reviews.hiddenAt, createdAt: reviews.createdAt })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .where(partner ? eq(excursions.partnerId, id) : eq(reviews.userId, id))
    .orderBy(desc(reviews.id))
    .limit(50);
  let requisites: StaffAccount['requisites'] = null;
  let excursionCounts: StaffAccount['excursions'] = null;
  if (partner) {
    const [p] = await db.select({ p: partnerProfiles, verifierName: verifier.name }).from(partnerProfiles).leftJoin(verifier, eq(verifier.id, partnerProfiles.requisitesVerifiedBy)).where(eq(partnerProfiles.userId, id));
    const legalType = p?.p.legalType ?? 'individual';
    requisites = {
      legal_type: legalType,
      legal_name: p?.p.legalName ?? '',
      inn: p?.p.inn ?? '',
      inn_valid: Boolean(p?.p.inn) && innProblem(p!.p.inn, legalType as Parameters<typeof innProblem>[1]) === null,
      verified: p?.p.requisitesVerifiedAt
        ? { at: p.p.requisitesVerifiedAt.toISOString(), by: p.p.requisitesVerifiedBy !== null && p.verifierName !== null ? { id: p.p.requisitesVerifiedBy, name: p.verifierName } : null }
        : null,
    };
    const counts = await db.select({ status: excursions.status, n: sql<number>`count(*)::int` }).from(excursions).where(eq(excursions.partnerId, id)).groupBy(excursions.status);
    excursionCounts = Object.fromEntries(counts.map((c) => [c.status, c.n]));
  }
  return {
    ...toItem(row),
    orders: orderRows.map((o) => ({ id: o.id, status: o.status, title: o.title, total: o.total, created_at: o.createdAt.toISOString() })),
    tickets: tickets.map((t) => ({ id: t.id, subject: t.subject, status: t.status, created_at: t.createdAt.toISOString() })),
    reviews: reviewRows.map((r) => ({ id: r.id, excursion: { id: r.excursionId, title: r.title }, rating: r.rating, text: r.text, hidden: r.hiddenAt !== null, created_at: r.createdAt.toISOString() })),
    requisites,
    excursions: excursionCounts,
  };
}

async function lockUser(tx: Database, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

const refuse = (status: number, field: string, message: string) => new HttpError(status, message, { [field]: [message] });

/**
 * Blocks an account: its tokens are revoked (the caller closes their realtime sockets after the commit), sign-in is
 * refused, a partner's published excursions leave the catalog (hidden, remembered as hidden by the block).
 * Returns the revoked token ids.
 */
export async function blockAccount(tx: Database, admin: StaffActor, id: number, rawReason: string, now: Date): Promise<number[]> {
  const reason = requiredText(rawReason, 'reason', 'Укажите причину блокировки.', 1000);
  if (id === admin.id) throw refuse(422, 'id', 'Нельзя заблокировать самого себя.');
  const user = await lockUser(tx, id);
  if (user.blockedAt) throw refuse(409, 'status', 'Аккаунт уже заблокирован.');
  await tx.update(users).set({ blockedAt: now, blockedReason: reason, blockedBy: admin.id, updatedAt: now }).where(eq(users.id, id));
  const revoked = await tx.update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.userId, id), isNull(apiTokens.revokedAt))).returning({ id: apiTokens.id });
  const hidden = await tx
    .update(excursions)
    .set({ status: 'hidden', hiddenByBlock: true, updatedAt: now })
    .where(and(eq(excursions.partnerId, id), eq(excursions.status, 'published')))
    .returning({ id: excursions.id });
  await audit(tx, admin, {
    action: 'account.block',
    entityType: 'account',
    entityId: id,
    before: { blocked: false },
    after: { blocked: true, tokens_revoked: revoked.length, excursions_hidden: hidden.map((e) => e.id) },
    reason,
  });
  return revoked.map((t) => t.id);
}

/** Unblocks: sign-in works again and the excursions the block took out of the catalog come back. */
export async function unblockAccount(tx: Database, admin: StaffActor, id: number, rawReason: string, now: Date): Promise<void> {
  const reason = requiredText(rawReason, 'reason', 'Укажите причину разблокировки.', 1000);
  const user = await lockUser(tx, id);
  if (!user.blockedAt) throw refuse(409, 'status', 'Аккаунт не заблокирован.');
  await tx.update(users).set({ blockedAt: null, blockedReason: null, blockedBy: null, updatedAt: now }).where(eq(users.id, id));
  const back = await tx
    .update(excursions)
    .set({ status: 'published', hiddenByBlock: false, updatedAt: now })
    .where(and(eq(excursions.partnerId, id), eq(excursions.hiddenByBlock, true), eq(excursions.status, 'hidden')))
    .returning({ id: excursions.id });
  await audit(tx, admin, { action: 'account.unblock', entityType: 'account', entityId: id, before: { blocked: true, reason: user.blockedReason }, after: { blocked: false, excursions_back: back.map((e) => e.id) }, reason });
}

/** Staff mark a partner's requisites verified after the INN check (a wrong INN cannot be). */
export async function verifyRequisites(tx: Database, actor: StaffActor, id: number, now: Date): Promise<void> {
  const user = await lockUser(tx, id);
  if (user.userType !== 'partner') throw refuse(422, 'id', 'Реквизиты бывают только у партнёров.');
  const [p] = await tx.select().from(partnerProfiles).where(eq(partnerProfiles.userId, id));
  const problem = p?.inn ? innProblem(p.inn, p.legalType as Parameters<typeof innProblem>[1]) : 'Партнёр ещё не указал ИНН.';
  if (problem) throw refuse(422, 'inn', problem);
  if (p!.requisitesVerifiedAt) throw refuse(409, 'status', 'Реквизиты уже подтверждены.');
  await tx.update(partnerProfiles).set({ requisitesVerifiedAt: now, requisitesVerifiedBy: actor.id }).where(eq(partnerProfiles.userId, id));
  await notify(tx, { userId: id, type: 'partner_requisites_verified', text: 'Служба поддержки проверила и подтвердила ваши реквизиты.', link: '/account/partner/profile', data: {} });
  await audit(tx, actor, { action: 'account.verify_requisites', entityType: 'account', entityId: id, before: { verified: false }, after: { verified: true, inn: p!.inn, legal_name: p!.legalName } });
}

/** An admin gives or takes staff access: client ↔ staff ↔ admin. A partner's type never changes; nobody changes their own. */
export async function setRole(tx: Database, admin: StaffActor, id: number, role: 'client' | 'staff' | 'admin'): Promise<void> {
  if (id === admin.id) throw refuse(422, 'role', 'Свою роль изменить нельзя: попросите другого администратора.');
  const user = await lockUser(tx, id);
  if (user.userType === 'partner') throw refuse(422, 'role', 'Роль партнёра не меняется: у него экскурсии и заказы.');
  if (user.deletedAt) throw refuse(422, 'role', 'Аккаунт удалён.');
  const before = roleOf(user);
  if (before === role) return;
  await tx
    .update(users)
    .set(role === 'client' ? { userType: 'client', staffRole: null, updatedAt: new Date() } : { userType: 'staff', staffRole: role, updatedAt: new Date() })
    .where(eq(users.id, id));
  await audit(tx, admin, { action: 'account.role', entityType: 'account', entityId: id, before: { role: before }, after: { role } });
}
