// Helpers of the back-office tests (issue 27).
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, excursionChangeRequests, excursions, users } from '../src/db/schema';
import { ADMIN_PHONE, CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, type TestContext } from './helpers/app';
import { call } from './partner-misc-support';

export { call };

/** Tokens of the demo accounts: a customer, a partner, staff, an admin and a second staff member. */
export async function backofficeTokens(ctx: TestContext) {
  await ctx.db.insert(users).values({ phone: '79990000033', name: 'Второй модератор', userType: 'staff', staffRole: 'staff' }).onConflictDoNothing();
  return {
    client: await ctx.tokenFor(CUSTOMER_PHONE),
    partner: await ctx.tokenFor(PARTNER_PHONE),
    staff: await ctx.tokenFor(STAFF_PHONE),
    admin: await ctx.tokenFor(ADMIN_PHONE),
    staff2: await ctx.tokenFor('79990000033'),
  };
}

export async function idOfPhone(ctx: TestContext, phone: string): Promise<number> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.phone, phone) });
  if (!user) throw new Error(`no user ${phone}`);
  return user.id;
}

/** One of the demo partner's published excursions sent (back) to moderation, waiting `hoursAgo`. */
export async function submittedExcursion(ctx: TestContext, hoursAgo = 2, skip = 0): Promise<number> {
  const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
  const rows = await ctx.db.select({ id: excursions.id }).from(excursions).where(and(eq(excursions.partnerId, partnerId), eq(excursions.status, 'published'))).orderBy(excursions.id);
  const id = rows[skip]!.id;
  await ctx.db.update(excursions).set({ status: 'moderation', submittedAt: new Date(Date.now() - hoursAgo * 3_600_000) }).where(eq(excursions.id, id));
  return id;
}

/** A pending closed-field change of a published excursion of the demo partner. */
export async function pendingChange(ctx: TestContext, title: string): Promise<{ id: number; excursionId: number; from: string }> {
  const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
  const [e] = await ctx.db.select().from(excursions).where(and(eq(excursions.partnerId, partnerId), eq(excursions.status, 'published'))).orderBy(desc(excursions.id)).limit(1);
  const [row] = await ctx.db
    .insert(excursionChangeRequests)
    .values({ excursionId: e!.id, partnerId, changes: { title: { from: e!.title, to: title } }, comment: 'Так понятнее' })
    .returning({ id: excursionChangeRequests.id });
  return { id: row!.id, excursionId: e!.id, from: e!.title };
}

/** The audit rows of an entity, oldest first. */
export async function auditOf(ctx: TestContext, entityType: string, entityId: number) {
  return ctx.db.select().from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId))).orderBy(auditLog.id);
}
