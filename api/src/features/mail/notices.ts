import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { orderFacts } from '../notifications/order-notices';
import { orderNotices, type OrderChange } from '../notifications/order-texts';
import { queueLetter } from './queue';

/**
 * A reminder letter to an account (in the caller's transaction, once per `dedupeKey`): only to a confirmed e-mail of
 * an account that keeps e-mail reminders on; it carries the unsubscribe link.
 */
export async function queueReminderLetter(
  tx: Database,
  userId: number,
  letter: { subject: string; text: string; link: string },
  now: Date,
  dedupeKey: string,
): Promise<boolean> {
  const [user] = await tx.select({ email: users.email, on: users.emailReminders, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  if (!user?.email || !user.on || user.deletedAt) return false;
  const lines = ['Здравствуйте!', letter.text];
  const id = await queueLetter(tx, { to: user.email, subject: letter.subject, lines, link: { label: 'Открыть в Excursio', path: letter.link }, unsubscribeUserId: userId }, now, dedupeKey);
  return id !== null;
}

/** The customer's day-before reminder by e-mail: the same words as the notification centre's. */
export async function mailCustomerReminder(tx: Database, orderId: number, change: Extract<OrderChange, { kind: 'customer_reminder' }>, now: Date): Promise<void> {
  const facts = await orderFacts(tx, orderId);
  const notice = orderNotices(facts, change).find((n) => n.userId === facts.customerId);
  if (!notice) return;
  const subject = `Завтра экскурсия «${facts.title}»`;
  await queueReminderLetter(tx, facts.customerId, { subject, text: notice.text, link: notice.link }, now, `mail:customer-day:${orderId}`);
}
