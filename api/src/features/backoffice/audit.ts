import { AUDIT_ACTIONS, type AuditAction, type StaffAuditEntry, type StaffAuditQuery } from '@excursio/shared/contracts';
import { and, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import type { StaffActor } from './staff';

export interface AuditInput {
  action: AuditAction;
  entityType: string;
  entityId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** Appends one row to the audit log, in the caller's transaction (the action and its row commit together). */
export async function audit(tx: Database, actor: StaffActor | null, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? '',
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    before: input.before ?? null,
    after: input.after ?? null,
    reason: input.reason ?? null,
  });
}

/** Moscow midnight of a YYYY-MM-DD day (plus `days`). */
const moscowDay = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00+03:00`) + days * 86_400_000);

function conditions(query: StaffAuditQuery): SQL | undefined {
  const action = query.action?.trim();
  const validDay = (day: string | undefined) => (day && !Number.isNaN(moscowDay(day).getTime()) ? day : undefined);
  const from = validDay(query.from);
  const to = validDay(query.to);
  return and(
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    action ? (action.endsWith('.') ? like(auditLog.action, `${action.replace(/[%_\\]/g, '')}%`) : eq(auditLog.action, action)) : undefined,
    query.entity_type?.trim() ? eq(auditLog.entityType, query.entity_type.trim()) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
    from ? gte(auditLog.createdAt, moscowDay(from)) : undefined,
    to ? lt(auditLog.createdAt, moscowDay(to, 1)) : undefined,
  );
}

type Row = typeof auditLog.$inferSelect;

const toEntry = (r: Row): StaffAuditEntry => ({
  id: r.id,
  actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName },
  action: r.action,
  action_label: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
  entity_type: r.entityType,
  entity_id: r.entityId,
  before: r.before ?? null,
  after: r.after ?? null,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
});

export async function auditPage(db: Database, query: StaffAuditQuery): Promise<Page<StaffAuditEntry>> {
  const request = pageRequest(query, 50);
  const where = conditions(query);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const total = counted?.n ?? 0;
  const rows =
    total > offsetOf(request)
      ? await db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(request.perPage).offset(offsetOf(request))
      : [];
  return pageOf(rows.map(toEntry), total, request);
}

export const CSV_MAX_ROWS = 10_000;

/** A CSV cell: quoted, quotes doubled; a leading =, +, -, @ is neutralised (spreadsheet formula injection). */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The filtered log as CSV (UTF-8 with a BOM so spreadsheets read the Cyrillic, «;» as the separator), newest first. */
export async function auditCsv(db: Database, query: StaffAuditQuery): Promise<string> {
  const rows = await db.select().from(auditLog).where(conditions(query)).orderBy(desc(auditLog.id)).limit(CSV_MAX_ROWS);
  const header = ['id', 'Когда', 'Кто', 'ID сотрудника', 'Действие', 'Код действия', 'Объект', 'ID объекта', 'Было', 'Стало', 'Причина'];
  const lines = rows.map((r) => {
    const e = toEntry(r);
    return [e.id, e.created_at, e.actor?.name ?? 'Система', e.actor?.id ?? '', e.action_label, e.action, e.entity_type, e.entity_id ?? '', e.before, e.after, e.reason]
      .map(cell)
      .join(';');
  });
  return `\uFEFF${[header.map(cell).join(';'), ...lines].join('\r\n')}\r\n`;
}
