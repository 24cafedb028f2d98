// The canary's watch (issue 28): browsers report the released builds they run — a load beacon per page load, and
// every error report (the monitoring sink) names them. Counted per release and minute; when a canary's error rate
// exceeds its live release's by more than the margin, over at least the minimum count of errors since the canary
// started, the pointer rolls back by itself (history action auto_rollback, an audit row, a warning in the log).
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { releaseCounts, releasePointers, releases } from '../../db/schema';
import { rollbackRelease } from './registry';

export interface CanaryRule {
  /** At least this many error reports from the canary's browsers before it is judged. */
  minErrors: number;
  /** Percentage points by which the canary's error rate may exceed the live release's. */
  marginPct: number;
}

export interface CanaryStats {
  canary: { loads: number; errors: number; rate: number };
  stable: { loads: number; errors: number; rate: number };
}

/** Errors per load (a page that errs without its load beacon still counts as one load). */
const rate = (loads: number, errors: number) => (errors === 0 ? 0 : errors / Math.max(loads, errors));

/**
 * Adds `kind` for every build in `builds` that a pointer names (live or canary, any environment); answers the
 * pointers with a canary among them. Builds no pointer names (an old tab, a made-up hash) are not counted.
 */
export async function countReleaseEvent(db: Database, builds: Record<string, string>, kind: 'loads' | 'errors', now: Date): Promise<{ app: string; env: string }[]> {
  const pairs = Object.entries(builds);
  if (!pairs.length) return [];
  const rows = await db
    .select({ id: releases.id, app: releases.app })
    .from(releases)
    .where(or(...pairs.map(([app, hash]) => and(eq(releases.app, app), eq(releases.buildHash, hash)))));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const pointers = await db
    .select()
    .from(releasePointers)
    .where(or(inArray(releasePointers.releaseId, ids), inArray(releasePointers.canaryReleaseId, ids)));
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const affected: { app: string; env: string }[] = [];
  for (const pointer of pointers) {
    for (const id of [pointer.releaseId, pointer.canaryReleaseId]) {
      if (id === null || !ids.includes(id)) continue;
      const add = { loads: kind === 'loads' ? 1 : 0, errors: kind === 'errors' ? 1 : 0 };
      await db
        .insert(releaseCounts)
        .values({ releaseId: id, env: pointer.env, minute, ...add })
        .onConflictDoUpdate({
          target: [releaseCounts.releaseId, releaseCounts.env, releaseCounts.minute],
          set: { loads: sql`${releaseCounts.loads} + ${add.loads}`, errors: sql`${releaseCounts.errors} + ${add.errors}` },
        });
    }
    if (pointer.canaryReleaseId) affected.push({ app: pointer.app, env: pointer.env });
  }
  return affected;
}

async function totals(db: Database, releaseId: number, env: string, since: Date) {
  const [row] = await db
    .select({ loads: sql<number>`coalesce(sum(${releaseCounts.loads}), 0)::int`, errors: sql<number>`coalesce(sum(${releaseCounts.errors}), 0)::int` })
    .from(releaseCounts)
    .where(and(eq(releaseCounts.releaseId, releaseId), eq(releaseCounts.env, env), gte(releaseCounts.minute, new Date(Math.floor(since.getTime() / 60_000) * 60_000))));
  const loads = row?.loads ?? 0;
  const errors = row?.errors ?? 0;
  return { loads, errors, rate: rate(loads, errors) };
}

/** The canary's and the live release's loads, errors and error rate since the canary started; null: no canary. */
export async function canaryStats(db: Database, app: string, env: string): Promise<CanaryStats | null> {
  const [pointer] = await db.select().from(releasePointers).where(and(eq(releasePointers.app, app), eq(releasePointers.env, env)));
  if (!pointer?.canaryReleaseId) return null;
  const since = pointer.canaryStartedAt ?? pointer.updatedAt;
  return { canary: await totals(db, pointer.canaryReleaseId, env, since), stable: await totals(db, pointer.releaseId, env, since) };
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

/** Rolls a failing canary back by itself; answers the reason when it did. */
export async function judgeCanary(db: Database, app: string, env: string, rule: CanaryRule, now: Date): Promise<string | null> {
  const stats = await canaryStats(db, app, env);
  if (!stats) return null;
  const { canary, stable } = stats;
  if (canary.errors < rule.minErrors || (canary.rate - stable.rate) * 100 <= rule.marginPct) return null;
  const reason = `канарейка: ошибок ${pct(canary.rate)} (${canary.errors} на ${canary.loads} загрузок) против ${pct(stable.rate)} у живого выпуска (${stable.errors} на ${stable.loads}); допуск ${rule.marginPct} п. п.`;
  const change = await rollbackRelease(db, { app, env, automatic: true, reason, actor: { staffId: null, name: 'автооткат' }, now });
  return change.changed ? reason : null;
}

/** Counts an error report's builds and judges the canaries they touch; answers what rolled back. */
export async function recordReleaseErrors(db: Database, builds: Record<string, string>, rule: CanaryRule, now: Date): Promise<{ app: string; env: string; reason: string }[]> {
  const rolled: { app: string; env: string; reason: string }[] = [];
  for (const { app, env } of await countReleaseEvent(db, builds, 'errors', now)) {
    const reason = await judgeCanary(db, app, env, rule, now);
    if (reason) rolled.push({ app, env, reason });
  }
  return rolled;
}
