import type { Database } from '../client';
import {
  chatMessages,
  favorites,
  notifications,
  supportMessages,
  supportTickets,
  users,
} from '../schema';
import { must } from './batch';
import type { SeededCatalog } from './catalog';
import { seedDemoOrders, type DemoOrder } from './demo-orders';
import { createRandom } from './random';

export const DEMO_CUSTOMER = { phone: '79990000001', name: 'Анна Смирнова' } as const;
export const DEMO_PARTNER_PHONE = '79990000002';

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
  return lines.map(([sender, text], i) => {
    const createdAt = at(order.createdAt, 1 + i * 0.5);
    const last = i === lines.length - 1;
    return {
      orderId: order.id,
      senderId: sender === 'client' ? customerId : partnerId,
      senderType: sender,
      text,
      // The newest message of each chat is still unread by its recipient.
      viewedAt: last ? null : at(createdAt, 0.25),
      createdAt,
    };
  });
}

export async function seedDemo(
  db: Database,
  catalog: SeededCatalog,
  options: { commission: number; now: Date },
): Promise<void> {
  const { now, commission } = options;
  const random = createRandom('demo');
  const [customer] = await db
    .insert(users)
    .values({ phone: DEMO_CUSTOMER.phone, name: DEMO_CUSTOMER.name, userType: 'client' })
    .returning({ id: users.id, name: users.name, phone: users.phone });
  if (!customer) throw new Error('Seed: the demo customer was not created');
  const partnerId = must(catalog.userIdByPhone, DEMO_PARTNER_PHONE, 'demo partner phone');
  const partnerExcursions = catalog.excursions.filter((e) => e.partnerId === partnerId);

  const orders = await seedDemoOrders(db, { customer, partnerExcursions, commission, now, random });
  const byStatus = (status: DemoOrder['status']) => orders.find((o) => o.status === status)!;
  const confirmed = byStatus('confirmed');
  const awaiting = byStatus('awaiting_confirmation');
  const completed = byStatus('completed');
  const cancelled = byStatus('cancelled_by_customer');

  await db
    .insert(chatMessages)
    .values([
      ...conversation(confirmed, customer.id, partnerId),
      ...conversation(awaiting, customer.id, partnerId),
    ]);

  const others = catalog.excursions.filter((e) => e.partnerId !== partnerId);
  const favoriteExcursions = [partnerExcursions[0]!, ...random.sample(others.slice(0, 40), 2)];
  await db.insert(favorites).values(
    favoriteExcursions.map((e, i) => ({ userId: customer.id, excursionId: e.id, createdAt: at(now, -48 + i) })),
  );

  const user = (order: DemoOrder, type: string, text: string, hours: number, viewed: boolean) => ({
    userId: customer.id,
    type: `client_${type}`,
    text,
    link: `/account/user/${order.id}`,
    createdAt: at(order.createdAt, hours),
    viewedAt: viewed ? at(order.createdAt, hours + 1) : null,
  });
  const partner = (order: DemoOrder, type: string, text: string, hours: number, viewed: boolean) => ({
    userId: partnerId,
    type: `partner_${type}`,
    text,
    link: `/account/partner/order/${order.id}`,
    createdAt: at(order.createdAt, hours),
    viewedAt: viewed ? at(order.createdAt, hours + 1) : null,
  });
  await db.insert(notifications).values([
    user(completed, 'order_completed', `Как прошла экскурсия? Оставьте отзыв о заказе №${completed.id}`, 290, true),
    user(cancelled, 'order_cancelled', `Заказ №${cancelled.id} отменён, предоплата возвращена`, 20, true),
    user(confirmed, 'order_confirmed', `Заказ №${confirmed.id} подтверждён, билеты в личном кабинете`, 1, false),
    user(confirmed, 'new_message', `Новое сообщение от гида по заказу №${confirmed.id}`, 2.5, false),
    partner(completed, 'new_review', `Новый отзыв на 5 звёзд по заказу №${completed.id}`, 310, true),
    partner(cancelled, 'order_cancelled', `Клиент отменил заказ №${cancelled.id}`, 20, false),
    partner(awaiting, 'new_order', `Новый заказ №${awaiting.id} ждёт подтверждения`, 0, false),
    partner(awaiting, 'new_message', `Новое сообщение от клиента по заказу №${awaiting.id}`, 2, false),
  ]);

  const [ticket] = await db
    .insert(supportTickets)
    .values({
      userId: customer.id,
      orderId: confirmed.id,
      subject: 'Перенос даты экскурсии',
      status: 'answered',
      createdAt: at(now, -30),
      updatedAt: at(now, -28),
    })
    .returning({ id: supportTickets.id });
  await db.insert(supportMessages).values([
    {
      ticketId: ticket!.id,
      senderId: customer.id,
      text: 'Можно ли перенести экскурсию на другой день, если изменятся планы?',
      createdAt: at(now, -30),
    },
    {
      ticketId: ticket!.id,
      senderId: null,
      text:
        'Да, напишите гиду в чате заказа: перенос возможен при наличии мест, ' +
        'бесплатно — не позднее чем за 24 часа до начала.',
      createdAt: at(now, -28),
    },
  ]);
}
