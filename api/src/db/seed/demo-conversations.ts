import type { Database } from '../client';
import { chatAuthorName } from '../../features/chat/messages';
import { chatNotice } from '../../features/chat/notice';
import { orderFacts } from '../../features/notifications/order-notices';
import { orderNotices, type OrderChange } from '../../features/notifications/order-texts';
import { eq, inArray } from 'drizzle-orm';
import { chatMessages, chatReads, excursions, guides, notifications, orders } from '../schema';
import type { DemoOrder } from './demo-orders';

const HOUR_MS = 60 * 60 * 1000;

function at(base: Date, hours: number): Date {
  return new Date(base.getTime() + hours * HOUR_MS);
}

/** Two short conversations about an order, in both directions. */
function conversation(order: DemoOrder, customerId: number, partnerId: number) {
  const lines: [sender: 'client' | 'partner', text: string][] =
    order.status === 'confirmed'
      ? [
          ['client', 'Здравствуйте! Подскажите, можно ли взять с собой ребёнка на самокате?'],
          ['partner', 'Добрый день, Анна! Да, конечно, маршрут проходит по ровным улицам.'],
          ['client', 'Отлично, спасибо! А где лучше оставить машину?'],
          ['partner', 'Рядом с местом встречи есть городская парковка, первые 30 минут бесплатно. До встречи!'],
        ]
      : [
          ['client', 'Добрый день! Успеем ли мы на поезд в 17:00 после экскурсии?'],
          ['partner', 'Здравствуйте! Экскурсия заканчивается в 14:30, до вокзала 15 минут пешком — успеете.'],
          ['client', 'Тогда ждём подтверждения заказа 🙂'],
        ];
  return lines.map(([sender, text], i) => ({
    orderId: order.id,
    senderId: sender === 'client' ? customerId : partnerId,
    senderType: sender,
    text,
    createdAt: at(order.createdAt, 1 + i * 0.5),
  }));
}

type SeededMessage = { id: number; orderId: number; senderId: number; text: string; createdAt: Date };

/** Both sides have read each chat up to its newest message, which is still unread by its recipient. */
function readMarkers(messages: SeededMessage[], userIds: number[]) {
  const orderIds = [...new Set(messages.map((m) => m.orderId))];
  return orderIds.flatMap((orderId) => {
    const ids = messages.filter((m) => m.orderId === orderId).map((m) => m.id).sort((a, b) => a - b);
    return userIds.map((userId) => ({ orderId, userId, lastReadId: ids.at(-2) ?? 0 }));
  });
}

export interface DemoConversationsInput {
  customer: { id: number; name: string };
  partnerId: number;
  orders: Record<'completed' | 'confirmed' | 'awaiting' | 'cancelled', DemoOrder>;
}

/** The demo orders' chats (with read markers) and notifications. */
export async function seedDemoConversations(db: Database, input: DemoConversationsInput): Promise<void> {
  const { customer, partnerId } = input;
  const { completed, confirmed, awaiting, cancelled } = input.orders;
  const messages = await db
    .insert(chatMessages)
    .values([
      ...conversation(confirmed, customer.id, partnerId),
      ...conversation(awaiting, customer.id, partnerId),
    ])
    .returning({
      id: chatMessages.id,
      orderId: chatMessages.orderId,
      senderId: chatMessages.senderId,
      text: chatMessages.text,
      createdAt: chatMessages.createdAt,
    });
  await db.insert(chatReads).values(readMarkers(messages, [customer.id, partnerId]));

  // The texts real changes write (features/notifications), at the moments the demo orders went through them.
  type Seeded = typeof notifications.$inferInsert;
  const told = async (order: DemoOrder, change: OrderChange, hours: number, viewedBy: readonly number[]): Promise<Seeded[]> =>
    orderNotices(await orderFacts(db, order.id), change).map((n) => ({
      ...n,
      createdAt: at(order.createdAt, hours),
      viewed: viewedBy.includes(n.userId),
    }));
  const partnerName = (await db.query.users.findFirst({ columns: { name: true }, where: (u, { eq }) => eq(u.id, partnerId) }))!.name;
  // the guide each chat's partner writes for (the chat names both)
  const guideOf = new Map(
    (
      await db
        .select({ orderId: orders.id, name: guides.name })
        .from(orders)
        .innerJoin(excursions, eq(excursions.id, orders.excursionId))
        .innerJoin(guides, eq(guides.id, excursions.guideId))
        .where(inArray(orders.id, [...new Set(messages.map((m) => m.orderId))]))
    ).map((r) => [r.orderId, r.name]),
  );
  /** The notice of the newest message of a chat: still unread, like the message. */
  const newestMessageNotice = (order: DemoOrder): Seeded => {
    const message = messages.filter((m) => m.orderId === order.id).at(-1)!;
    const fromPartner = message.senderId === partnerId;
    const sender = fromPartner
      ? { id: partnerId, name: partnerName, avatar_path: null, user_type: 'partner' as const, display_name: chatAuthorName(partnerName, guideOf.get(order.id) ?? null) }
      : { id: customer.id, name: customer.name, avatar_path: null, user_type: 'client' as const, display_name: customer.name };
    const receiverId = fromPartner ? customer.id : partnerId;
    return { ...chatNotice({ orderId: order.id, messageId: message.id, text: message.text, sender, receiverId }), createdAt: message.createdAt };
  };
  const seeded: Seeded[] = [
    ...(await told(completed, { kind: 'paid' }, 1.5, [customer.id, partnerId])),
    {
      userId: customer.id,
      type: 'client_order_completed',
      text: `Как прошла экскурсия? Оставьте отзыв о заказе №${completed.id}`,
      link: `/account/user/${completed.id}`,
      data: { order_id: completed.id },
      createdAt: at(completed.createdAt, 290),
      viewed: true,
    },
    {
      userId: partnerId,
      type: 'partner_review_new',
      text: `Новый отзыв на 5 звёзд по заказу №${completed.id}`,
      link: `/account/partner/order/${completed.id}`,
      data: { order_id: completed.id },
      createdAt: at(completed.createdAt, 310),
      viewed: true,
    },
    ...(await told(cancelled, { kind: 'cancelled_by_customer' }, 20, [])),
    ...(await told(confirmed, { kind: 'paid' }, 1.5, [partnerId])),
    newestMessageNotice(confirmed),
    ...(await told(awaiting, { kind: 'placed', awaitingConfirmation: true }, 0, [customer.id])),
    newestMessageNotice(awaiting),
  ];
  // Ids grow with time, as they do for real ones (lists are ordered by id).
  await db.insert(notifications).values(seeded.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime()));
}
