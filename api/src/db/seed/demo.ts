import type { Database } from '../client';
import { favorites, supportMessages, supportTickets, users } from '../schema';
import { must } from './batch';
import type { SeededCatalog } from './catalog';
import { seedDemoConversations } from './demo-conversations';
import { seedDemoPartner } from './demo-partner';
import { seedDemoOrders, type DemoOrder } from './demo-orders';
import { createRng } from '../../random';

export const DEMO_CUSTOMER = { phone: '79990000001', name: 'Анна Смирнова' } as const;
export const DEMO_PARTNER_PHONE = '79990000002';
/** The seeded staff account (the back office: moderation, support, orders, reviews, content). */
export const DEMO_STAFF = { phone: '79990000003', name: 'Служба поддержки Excursio' } as const;
/** The seeded admin (the back office, also blocking, roles and refunds above the limit). */
export const DEMO_ADMIN = { phone: '79990000004', name: 'Ольга Администратор' } as const;

const HOUR_MS = 60 * 60 * 1000;

function at(base: Date, hours: number): Date {
  return new Date(base.getTime() + hours * HOUR_MS);
}

export async function seedDemo(
  db: Database,
  catalog: SeededCatalog,
  options: { commission: number; now: Date },
): Promise<void> {
  const { now, commission } = options;
  const random = createRng('demo');
  const [customer] = await db
    .insert(users)
    .values({ phone: DEMO_CUSTOMER.phone, name: DEMO_CUSTOMER.name, userType: 'client' })
    .returning({ id: users.id, name: users.name, phone: users.phone });
  if (!customer) throw new Error('Seed: the demo customer was not created');
  const [staff] = await db
    .insert(users)
    .values({ phone: DEMO_STAFF.phone, name: DEMO_STAFF.name, userType: 'staff', staffRole: 'staff' })
    .returning({ id: users.id });
  await db.insert(users).values({ phone: DEMO_ADMIN.phone, name: DEMO_ADMIN.name, userType: 'staff', staffRole: 'admin' });
  const partnerId = must(catalog.userIdByPhone, DEMO_PARTNER_PHONE, 'demo partner phone');
  const partnerExcursions = catalog.excursions.filter((e) => e.partnerId === partnerId);

  const orders = await seedDemoOrders(db, { customer, partnerExcursions, commission, now, random });
  const byStatus = (status: DemoOrder['status']) => orders.find((o) => o.status === status)!;
  const confirmed = byStatus('confirmed');
  const awaiting = byStatus('awaiting_confirmation');
  const completed = byStatus('completed');
  const cancelled = byStatus('cancelled_by_customer');

  await seedDemoConversations(db, { customer, partnerId, orders: { completed, confirmed, awaiting, cancelled } });
  await seedDemoPartner(db, { partnerId, staffId: staff!.id, excursions: partnerExcursions, now, random: createRng('demo-partner') });

  const others = catalog.excursions.filter((e) => e.partnerId !== partnerId);
  const favoriteExcursions = [partnerExcursions[0]!, ...random.sample(others.slice(0, 40), 2)];
  await db.insert(favorites).values(
    favoriteExcursions.map((e, i) => ({ userId: customer.id, excursionId: e.id, createdAt: at(now, -48 + i) })),
  );

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
