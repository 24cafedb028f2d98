import type { StaffTicket, StaffTicketListQuery, StaffTicketMessage, StaffTicketSummary } from '@excursio/shared/contracts';
import { aliasedTable, and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, supportMessages, supportTickets, users } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import { closeTicket, lockTicket, staffAnswer, TEXT_MAX } from '../support/tickets';
import { audit } from './audit';
import { requiredText, type StaffActor } from './staff';

/** The back office's view of support: every ticket, assignees, internal notes, time to first answer. */

const assignee = aliasedTable(users, 'assignee');
const owner = aliasedTable(users, 'owner');

const select = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  status: supportTickets.status,
  orderId: supportTickets.orderId,
  excursionId: excursions.id,
  excursionTitle: excursions.title,
  userId: owner.id,
  userName: owner.name,
  userType: owner.userType,
  assigneeId: assignee.id,
  assigneeName: assignee.name,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  firstAnsweredAt: supportTickets.firstAnsweredAt,
  messagesCount: sql<number>`(select count(*)::int from ${supportMessages} where ${supportMessages.ticketId} = ${supportTickets.id})`,
  lastMessage: sql<string | null>`(select ${supportMessages.text} from ${supportMessages} where ${supportMessages.ticketId} = ${supportTickets.id} order by ${supportMessages.id} desc limit 1)`,
};

const base = (db: Database) =>
  db
    .select(select)
    .from(supportTickets)
    .innerJoin(owner, eq(owner.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId))
    .leftJoin(excursions, eq(excursions.id, supportTickets.excursionId));

interface Row {
  id: number;
  subject: string;
  status: 'open' | 'answered' | 'closed';
  orderId: number | null;
  excursionId: number | null;
  excursionTitle: string | null;
  userId: number;
  userName: string;
  userType: string;
  assigneeId: number | null;
  assigneeName: string | null;
  createdAt: Date;
  updatedAt: Date;
  firstAnsweredAt: Date | null;
  messagesCount: number;
  lastMessage: string | null;
}

const toSummary = (r: Row): StaffTicketSummary => ({
  id: r.id,
  subject: r.subject,
  status: r.status,
  kind: r.userType === 'partner' ? 'partner' : 'client',
  order_id: r.orderId,
  excursion: r.excursionId !== null && r.excursionTitle !== null ? { id: r.excursionId, title: r.excursionTitle } : null,
  user: { id: r.userId, name: r.userName, user_type: r.userType },
  assignee: r.assigneeId !== null && r.assigneeName !== null ? { id: r.assigneeId, name: r.assigneeName } : null,
  last_message: r.lastMessage,
  messages_count: r.messagesCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  first_answer_s: r.firstAnsweredAt ? Math.max(0, Math.round((r.firstAnsweredAt.getTime() - r.createdAt.getTime()) / 1000)) : null,
});

function filters(query: StaffTicketListQuery, me: number, now: Date): SQL | undefined {
  const q = query.q?.trim();
  const assigned =
    query.assignee === 'me' ? eq(supportTickets.assigneeId, me)
    : query.assignee === 'none' ? isNull(supportTickets.assigneeId)
    : query.assignee ? eq(supportTickets.assigneeId, Math.min(Number(query.assignee), 2147483647))
    : undefined;
  const number = q && /^№?\s*\d{1,9}$/.test(q) ? Number(q.replace(/\D/g, '')) : null;
  const words = q ? `%${q.replace(/[%_\\]/g, '')}%` : null;
  return and(
    query.status === 'all' ? undefined : eq(supportTickets.status, query.status ?? 'open'),
    query.kind ? (query.kind === 'partner' ? eq(owner.userType, 'partner') : sql`${owner.userType} <> 'partner'`) : undefined,
    assigned,
    query.older_than_h ? sql`${supportTickets.createdAt} <= ${new Date(now.getTime() - query.older_than_h * 3_600_000)}` : undefined,
    number !== null ? eq(supportTickets.id, number) : words ? or(ilike(supportTickets.subject, words), ilike(owner.name, words)) : undefined,
  );
}

export async function staffTicketPage(db: Database, query: StaffTicketListQuery, me: number, now: Date): Promise<Page<StaffTicketSummary>> {
  const request = pageRequest(query, 20);
  const where = filters(query, me, now);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .innerJoin(owner, eq(owner.id, supportTickets.userId))
    .where(where);
  const total = counted?.n ?? 0;
  // open tickets: the longest waiting first; otherwise the most recently changed first
  const order = (query.status ?? 'open') === 'open' ? [asc(supportTickets.updatedAt), asc(supportTickets.id)] : [desc(supportTickets.updatedAt), desc(supportTickets.id)];
  const rows = (total > offsetOf(request) ? await base(db).where(where).orderBy(...order).limit(request.perPage).offset(offsetOf(request)) : []) as unknown as Row[];
  return pageOf(rows.map(toSummary), total, request);
}

export async function staffTicket(db: Database, id: number): Promise<StaffTicket> {
  const [row] = (await base(db).where(eq(supportTickets.id, id))) as unknown as Row[];
  if (!row) throw notFound();
  const messages = await db
    .select({ id: supportMessages.id, senderId: supportMessages.senderId, senderName: users.name, text: supportMessages.text, internal: supportMessages.internal, createdAt: supportMessages.createdAt })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.senderId))
    .where(eq(supportMessages.ticketId, id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return {
    ...toSummary(row),
    messages: messages.map(
      (m): StaffTicketMessage => ({
        id: m.id,
        kind: m.internal ? 'note' : m.senderId === row.userId ? 'owner' : 'staff',
        author: m.senderId !== null && m.senderName !== null ? { id: m.senderId, name: m.senderName } : null,
        text: m.text,
        created_at: m.createdAt.toISOString(),
      }),
    ),
  };
}

export async function assignTicket(tx: Database, actor: StaffActor, id: number, toMe: boolean): Promise<void> {
  await lockTicket(tx, id, null);
  const [before] = await tx.select({ assigneeId: supportTickets.assigneeId }).from(supportTickets).where(eq(supportTickets.id, id));
  const assigneeId = toMe ? actor.id : null;
  await tx.update(supportTickets).set({ assigneeId }).where(eq(supportTickets.id, id));
  await audit(tx, actor, { action: toMe ? 'ticket.assign' : 'ticket.unassign', entityType: 'ticket', entityId: id, before: { assignee_id: before?.assigneeId ?? null }, after: { assignee_id: assigneeId } });
}

export async function answerTicket(tx: Database, actor: StaffActor, id: number, raw: string): Promise<void> {
  const [before] = await tx.select({ status: supportTickets.status }).from(supportTickets).where(eq(supportTickets.id, id));
  await staffAnswer(tx, { ...actor, userType: 'staff' }, id, raw);
  await audit(tx, actor, { action: 'ticket.answer', entityType: 'ticket', entityId: id, before: { status: before?.status ?? null }, after: { status: 'answered', text: raw.trim() } });
}

/** An internal note: stored with the ticket, never shown to (nor told to) its owner; the status does not change. */
export async function noteTicket(tx: Database, actor: StaffActor, id: number, raw: string): Promise<void> {
  await lockTicket(tx, id, null);
  const text = requiredText(raw, 'text', 'Напишите заметку.', TEXT_MAX);
  await tx.insert(supportMessages).values({ ticketId: id, senderId: actor.id, text, internal: true });
  await audit(tx, actor, { action: 'ticket.note', entityType: 'ticket', entityId: id, after: { text } });
}

export async function closeStaffTicket(tx: Database, actor: StaffActor, id: number): Promise<void> {
  const ticket = await lockTicket(tx, id, null);
  await closeTicket(tx, id, null);
  await audit(tx, actor, { action: 'ticket.close', entityType: 'ticket', entityId: id, before: { status: ticket.status }, after: { status: 'closed' } });
}

/** Open tickets and the oldest one's creation (the dashboard's support queue). */
export async function supportQueueSize(db: Database): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${supportTickets.updatedAt})` }).from(supportTickets).where(eq(supportTickets.status, 'open'));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
