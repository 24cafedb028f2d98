import type { StaffTemplate, StaffTemplateBody } from '@excursio/shared/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffTemplates, users } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { audit } from './audit';
import { requiredText, type StaffActor } from './staff';

/** Reusable texts of the back office: moderation rejections and support replies (one table, two lists). */
export type TemplateKind = 'moderation' | 'support';

export async function templateList(db: Database, kind: TemplateKind): Promise<StaffTemplate[]> {
  const rows = await db
    .select({ t: staffTemplates, by: users.name })
    .from(staffTemplates)
    .leftJoin(users, eq(users.id, staffTemplates.updatedBy))
    .where(eq(staffTemplates.kind, kind))
    .orderBy(asc(staffTemplates.title), asc(staffTemplates.id));
  return rows.map(({ t, by }) => ({
    id: t.id,
    title: t.title,
    text: t.text,
    updated_at: t.updatedAt.toISOString(),
    updated_by: t.updatedBy !== null && by !== null ? { id: t.updatedBy, name: by } : null,
  }));
}

export async function templateOne(db: Database, kind: TemplateKind, id: number): Promise<StaffTemplate> {
  const found = (await templateList(db, kind)).find((t) => t.id === id);
  if (!found) throw notFound();
  return found;
}

function fields(body: StaffTemplateBody) {
  return {
    title: requiredText(body.title, 'title', 'Назовите шаблон.', 200),
    text: requiredText(body.text, 'text', 'Напишите текст шаблона.', 5000),
  };
}

export async function createTemplate(tx: Database, actor: StaffActor, kind: TemplateKind, body: StaffTemplateBody): Promise<number> {
  const values = fields(body);
  const [row] = await tx.insert(staffTemplates).values({ kind, ...values, updatedBy: actor.id }).returning({ id: staffTemplates.id });
  await audit(tx, actor, { action: 'template.create', entityType: 'template', entityId: row!.id, after: { kind, ...values } });
  return row!.id;
}

export async function updateTemplate(tx: Database, actor: StaffActor, kind: TemplateKind, id: number, body: StaffTemplateBody): Promise<void> {
  const values = fields(body);
  const [before] = await tx.select().from(staffTemplates).where(and(eq(staffTemplates.id, id), eq(staffTemplates.kind, kind))).for('update');
  if (!before) throw notFound();
  await tx.update(staffTemplates).set({ ...values, updatedBy: actor.id, updatedAt: new Date() }).where(eq(staffTemplates.id, id));
  await audit(tx, actor, { action: 'template.update', entityType: 'template', entityId: id, before: { title: before.title, text: before.text }, after: values });
}

export async function deleteTemplate(tx: Database, actor: StaffActor, kind: TemplateKind, id: number): Promise<void> {
  const [removed] = await tx.delete(staffTemplates).where(and(eq(staffTemplates.id, id), eq(staffTemplates.kind, kind))).returning();
  if (!removed) throw notFound();
  await audit(tx, actor, { action: 'template.delete', entityType: 'template', entityId: id, before: { kind, title: removed.title, text: removed.text } });
}
