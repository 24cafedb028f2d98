import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, orders, users } from '../../db/schema';
import { queueLetter } from '../mail/queue';

const roubles = (amount: number) => `${new Intl.NumberFormat('ru-RU').format(amount)} ₽`;

/** Where the receipt went, as the customer reads it: the e-mail, or the phone as +7 999 000-00-01. */
export function receiptAddress(receiptTo: string): string {
  if (receiptTo.includes('@')) return receiptTo;
  const d = receiptTo;
  return d.length === 11 && d.startsWith('7') ? `+7 ${d.slice(1, 4)} ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9)}` : `+${d}`;
}

/**
 * The customer's letter about a paid prepayment (in the payment's transaction, once per payment): the tickets and the
 * receipt are on the order page; the provider's receipt went to `receiptTo`. Only to a confirmed e-mail.
 */
export async function queuePaymentMail(
  tx: Database,
  payment: { id: number; orderId: number; amount: number; receiptTo: string | null },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, title: excursions.title })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .where(eq(orders.id, payment.orderId));
  if (!row?.email) return;
  const lines = [
    'Здравствуйте!',
    `Предоплата ${roubles(payment.amount)} по заказу №${payment.orderId} («${row.title}») получена, заказ подтверждён.`,
    'Билеты и всё о встрече — на странице заказа.',
  ];
  if (payment.receiptTo) lines.push(`Кассовый чек отправлен на ${receiptAddress(payment.receiptTo)}.`);
  await queueLetter(
    tx,
    { to: row.email, subject: `Заказ №${payment.orderId} оплачен`, lines, link: { label: 'Открыть заказ и билеты', path: `/account/user/${payment.orderId}` } },
    now,
    `mail:payment:${payment.id}`,
  );
}
