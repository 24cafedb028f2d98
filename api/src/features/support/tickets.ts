import type {
  NewSupportTicketBody,
  SupportListQuery,
  SupportMessage,
  SupportStatus,
  SupportSubjects,
  SupportTicket,
  SupportTicketSummary,
} from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, orders, supportMessages, supportTickets, users } from '../../db/schema';
import { fieldError, notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import type { AuthUser } from '../auth/tokens';
import { notify, notifyStaff } from '../notifications/notify';

export const SUPPORT_NAME = 'Служба поддержки';
export const SUBJECT_MAX = 300;
export const TEXT_MAX = 5000;

/** The signed-in owner of tickets: a customer or a partner (staff answer through the staff api). */
export type Owner = Pick<AuthUser, 'id' | 'userType' | 'name'>;

const REQUIRED: Record<string, string> = { subject: 'Укажите тему обращения.', text: 'Напишите сообщение.' };
const NAMES: Record<string, string> = { subject: 'Тема', text: 'Сообщение' };

/** Trimmed, 1…max characters; the messages are in Russian (the pages show them under the field). */
function required(value: string, field: 'subject' | 'text', max: number): string {
  const text = value.trim();
  if (!text) throw fieldError(field, REQUIRED[field]!);
  if (text.length > max) throw fieldError(field, `${NAMES[field]} длиннее ${max} символов.`);
  return text;
}

export const excerpt = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);

const summarySelect = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  status: supportTickets.status,
  orderId: supportTickets.orderId,
  excursionId: excursions.id,
  excursionTitle: excursions.title,
  userId: users.id,
  userName: users.name,
  userType: users.userType,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  // staff's internal notes are never counted nor shown here (this is the owner's view; the back office has its own)
  messagesCount: sql<number>`(select count(*)::int from ${supportMessages} where ${supportMessages.ticketId} = ${supportTickets.id} and not ${supportMessages.internal})`,
  lastMessage: sql<string | null>`(select ${supportMessages.text} from ${supportMessages} where ${supportMessages.ticketId} = ${supportTickets.id} and not ${supportMessages.internal} order by ${supportMessages.id} desc limit 1)`,
};

function summaries(db: Database) {
  return db
    .select(summarySelect)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(excursions, eq(excursions.id, supportTickets.excursionId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

const toSummary = (r: SummaryRow): SupportTicketSummary => ({
  id: r.id,
  subject: r.subject,
  status: r.status,
  order_id: r.orderId,
  excursion: r.excursionId !== null && r.excursionTitle !== null ? { id: r.excursionId, title: r.excursionTitle } : null,
  user: { id: r.userId, name: r.userName, user_type: r.userType },
  last_message: r.lastMessage,
  messages_count: r.messagesCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** Tickets matching `where`, the most recently changed first. */
export async function ticketPage(db: Database, where: SQL | undefined, query: SupportListQuery): Promise<Page<SupportTicketSummary>> {
  const request = pageRequest(query, 20);
  const conditions = and(where, query.status ? eq(supportTickets.status, query.status) : undefined);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(supportTickets).where(conditions);
  const total = counted?.total ?? 0;
  const rows =
    total > offsetOf(request)
      ? await summaries(db)
          .where(conditions)
          .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
          .limit(request.perPage)
          .offset(offsetOf(request))
      : [];
  return pageOf(rows.map(toSummary), total, request);
}

/** One ticket with its messages; `ownerId` limits it to that owner's tickets (anyone else's is a 404). */
export async function ticketDetail(db: Database, ticketId: number, ownerId: number | null): Promise<SupportTicket> {
  const [row] = await summaries(db).where(
    and(eq(supportTickets.id, ticketId), ownerId === null ? undefined : eq(supportTickets.userId, ownerId)),
  );
  if (!row) throw notFound();
  const messages = await db
    .select({ id: supportMessages.id, senderId: supportMessages.senderId, text: supportMessages.text, createdAt: supportMessages.createdAt })
    .from(supportMessages)
    .where(and(eq(supportMessages.ticketId, ticketId), eq(supportMessages.internal, false)))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const summary = toSummary(row);
  return {
    ...summary,
    messages: messages.map(
      (m): SupportMessage => {
        // The seed's older answers have no sender; staff answers carry the staff account's id.
        const fromSupport = m.senderId !== row.userId;
        return {
          id: m.id,
          from_support: fromSupport,
          author_name: fromSupport ? SUPPORT_NAME : row.userName,
          text: m.text,
          created_at: m.createdAt.toISOString(),
        };
      },
    ),
  };
}

/** What the owner may attach a ticket to: their last 50 orders (either side) and, for a partner, their excursions. */
export async function supportSubjects(db: Database, owner: Owner): Promise<SupportSubjects> {
  const mine = owner.userType === 'partner' ? eq(orders.partnerId, owner.id) : eq(orders.customerId, owner.id);
  const rows = await db
    .select({ id: orders.id, title: excursions.title })
    .from(orders)
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .where(mine)
    .orderBy(desc(orders.id))
    .limit(50);
  const own =
    owner.userType === 'partner'
      ? await db
          .select({ id: excursions.id, title: excursions.title })
          .from(excursions)
          .where(eq(excursions.partnerId, owner.id))
          .orderBy(asc(excursions.title), asc(excursions.id))
      : [];
  return { orders: rows.map((r) => ({ id: r.id, label: `№${r.id} · ${r.title}` })), excursions: own };
}

async function checkOrder(db: Database, owner: Owner, orderId: number | null | undefined): Promise<number | null> {
  if (!orderId) return null;
  const mine = owner.userType === 'partner' ? eq(orders.partnerId, owner.id) : eq(orders.customerId, owner.id);
  const row = await db.query.orders.findFirst({ columns: { id: true }, where: and(eq(orders.id, orderId), mine) });
  if (!row) throw fieldError('order_id', 'Выберите один из своих заказов.');
  return row.id;
}

async function checkExcursion(db: Database, owner: Owner, excursionId: number | null | undefined): Promise<number | null> {
  if (!excursionId) return null;
  const row =
    owner.userType === 'partner'
      ? await db.query.excursions.findFirst({
          columns: { id: true },
          where: and(eq(excursions.id, excursionId), eq(excursions.partnerId, owner.id)),
        })
      : undefined;
  if (!row) throw fieldError('excursion_id', 'Выберите одну из своих экскурсий.');
  return row.id;
}

/** Every staff account is told about a new ticket or a new message of an owner. */
const notifyStaffOfTicket = (tx: Database, ticketId: number, text: string): Promise<void> =>
  notifyStaff(tx, { type: 'staff_support_message', text, link: `/backoffice/support/${ticketId}`, data: { ticket_id: ticketId } });

/** The owner's new ticket with its first message (one transaction opened by withEvents). */
export async function createTicket(tx: Database, owner: Owner, body: NewSupportTicketBody): Promise<number> {
  const subject = required(body.subject, 'subject', SUBJECT_MAX);
  const text = required(body.text, 'text', TEXT_MAX);
  const orderId = await checkOrder(tx, owner, body.order_id);
  const excursionId = await checkExcursion(tx, owner, body.excursion_id);
  const [ticket] = await tx
    .insert(supportTickets)
    .values({ userId: owner.id, subject, orderId, excursionId, status: 'open' })
    .returning({ id: supportTickets.id });
  await tx.insert(supportMessages).values({ ticketId: ticket!.id, senderId: owner.id, text });
  await notifyStaffOfTicket(tx, ticket!.id, `Новое обращение №${ticket!.id} от ${owner.name}: «${excerpt(subject)}»`);
  return ticket!.id;
}

export async function lockTicket(tx: Database, ticketId: number, ownerId: number | null) {
  const [row] = await tx
    .select({ id: supportTickets.id, userId: supportTickets.userId, status: supportTickets.status, subject: supportTickets.subject })
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), ownerId === null ? undefined : eq(supportTickets.userId, ownerId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

async function setStatus(tx: Database, ticketId: number, status: SupportStatus): Promise<void> {
  await tx.update(supportTickets).set({ status, updatedAt: new Date() }).where(eq(supportTickets.id, ticketId));
}

/** The owner writes: the ticket is open again (also a closed one), staff are told. */
export async function ownerMessage(tx: Database, owner: Owner, ticketId: number, raw: string): Promise<void> {
  const ticket = await lockTicket(tx, ticketId, owner.id);
  const text = required(raw, 'text', TEXT_MAX);
  await tx.insert(supportMessages).values({ ticketId, senderId: owner.id, text });
  await setStatus(tx, ticketId, 'open');
  await notifyStaffOfTicket(tx, ticketId, `${owner.name} пишет в обращении №${ticketId} «${excerpt(ticket.subject)}»: «${excerpt(text)}»`);
}

/** Closes a ticket (by its owner, or by staff with ownerId null); closing a closed one changes nothing. */
export async function closeTicket(tx: Database, ticketId: number, ownerId: number | null): Promise<void> {
  const ticket = await lockTicket(tx, ticketId, ownerId);
  if (ticket.status !== 'closed') await setStatus(tx, ticketId, 'closed');
}

/** A staff answer: stored with the staff account, the ticket answered, its owner told in real time. */
export async function staffAnswer(tx: Database, staff: Owner, ticketId: number, raw: string): Promise<void> {
  const ticket = await lockTicket(tx, ticketId, null);
  const text = required(raw, 'text', TEXT_MAX);
  await tx.insert(supportMessages).values({ ticketId, senderId: staff.id, text });
  await setStatus(tx, ticketId, 'answered');
  await tx
    .update(supportTickets)
    .set({ firstAnsweredAt: sql`coalesce(${supportTickets.firstAnsweredAt}, now())` })
    .where(eq(supportTickets.id, ticketId));
  const owner = await tx.query.users.findFirst({ columns: { userType: true }, where: eq(users.id, ticket.userId) });
  const partner = owner?.userType === 'partner';
  await notify(tx, {
    userId: ticket.userId,
    type: partner ? 'partner_support_answer' : 'client_support_answer',
    text: `Поддержка ответила на обращение №${ticketId} «${excerpt(ticket.subject)}»: «${excerpt(text)}»`,
    link: `/account/${partner ? 'partner' : 'user'}/support?ticket=${ticketId}`,
    data: { ticket_id: ticketId },
  });
}

export const ownerWhere = (ownerId: number) => eq(supportTickets.userId, ownerId);
