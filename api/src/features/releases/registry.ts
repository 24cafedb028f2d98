// The release registry (issue 28): releases (immutable builds) and one pointer per app and environment, with its
// history. Every pointer change runs in one transaction holding the pointer's row (SELECT … FOR UPDATE, or the
// app's advisory lock while no row exists yet): changes to one pointer are serialised, and each writes one history
// row and one audit row. The compatibility gate runs inside the same transaction, against the live releases.
import type { AuditAction, LiveReleases, ReleaseBuild, ReleaseChange, ReleaseHistory, ReleaseHistoryEntry, ReleasePointer, ReleaseSummary } from '@excursio/shared/contracts';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, releasePointerHistory, releasePointers, releases } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { checkRequirements, invalidVersions, type GateProblem } from './gate';
import { signPreview } from './preview';

export const SHELL_APP = 'shell';

/** Who changes a pointer: a staff member (the back office) or the release command's user. */
export interface ReleaseActor {
  staffId: number | null;
  name: string;
}

type ReleaseRow = typeof releases.$inferSelect;
type PointerRow = typeof releasePointers.$inferSelect;
type HistoryAction = 'release' | 'canary' | 'promote' | 'rollback' | 'auto_rollback';

export const toSummary = (r: ReleaseRow): ReleaseSummary => ({
  id: r.id,
  app: r.app,
  build_hash: r.buildHash,
  git_commit: r.gitCommit,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
  size_bytes: r.sizeBytes,
  requires: r.requires,
  provides: r.provides,
  exposes: r.exposes,
});

const conflict = (message: string, field = 'release') => new HttpError(409, message, { [field]: [message] });

/** Holds the app's pointer for the rest of the transaction (also while it has no row yet); the row, if any. */
async function lockPointer(tx: Database, app: string, env: string): Promise<PointerRow | null> {
  // the advisory lock covers the first release, which has no row to lock; it ends with the transaction
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release:${app}:${env}`}))`);
  const [row] = await tx.select().from(releasePointers).where(and(eq(releasePointers.app, app), eq(releasePointers.env, env))).for('update');
  return row ?? null;
}

async function releaseById(tx: Database, id: number): Promise<ReleaseRow | null> {
  const [row] = await tx.select().from(releases).where(eq(releases.id, id));
  return row ?? null;
}

/** The live releases of an environment (stable and canary), by app. */
async function liveRows(tx: Database, env: string): Promise<{ pointer: PointerRow; release: ReleaseRow; canary: ReleaseRow | null }[]> {
  const pointers = await tx.select().from(releasePointers).where(eq(releasePointers.env, env));
  const ids = pointers.flatMap((p) => [p.releaseId, ...(p.canaryReleaseId ? [p.canaryReleaseId] : [])]);
  const rows = ids.length ? await tx.select().from(releases).where(inArray(releases.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return pointers.map((pointer) => ({
    pointer,
    release: byId.get(pointer.releaseId)!,
    canary: pointer.canaryReleaseId ? (byId.get(pointer.canaryReleaseId) ?? null) : null,
  }));
}

/**
 * What the gate refuses if `release` goes live in `env`: a remote against the live shell (its stable and canary
 * builds; `shellProvides` — the shell served outside the registry — when the shell has no release there), a shell
 * against every live remote (stable and canary).
 */
export async function gateProblems(tx: Database, release: ReleaseRow, env: string, shellProvides: Record<string, string> | null, unknownShell: 'refuse' | 'pass' = 'refuse'): Promise<GateProblem[]> {
  const live = await liveRows(tx, env);
  if (release.app === SHELL_APP) {
    const remotes = live.filter((l) => l.pointer.app !== SHELL_APP).flatMap((l) => [l.release, ...(l.canary ? [l.canary] : [])]);
    return remotes.flatMap((r) => checkRequirements(`${r.app} ${r.buildHash}`, r.requires, release.buildHash, release.provides));
  }
  const shell = live.find((l) => l.pointer.app === SHELL_APP);
  const shells: [string, Record<string, string>][] = shell
    ? [shell.release, ...(shell.canary ? [shell.canary] : [])].map((s) => [s.buildHash, s.provides])
    : shellProvides
      ? [['served', shellProvides]]
      : [];
  if (!shells.length) {
    if (unknownShell === 'pass') return [];
    const message = 'Неизвестно, какие версии даёт живая оболочка: выпустите оболочку или передайте shell_provides';
    return [{ app: release.app, shell: '', package: '', range: '', provided: null, message }];
  }
  return shells.flatMap(([label, provides]) => checkRequirements(release.app, release.requires, label, provides));
}

/** Refuses (409, errors.gate) unless `force`; answers the refusals a force overrode. */
async function passGate(tx: Database, release: ReleaseRow, env: string, force: boolean, shellProvides: Record<string, string> | null, unknownShell: 'refuse' | 'pass' = 'refuse'): Promise<string[]> {
  const problems = (await gateProblems(tx, release, env, shellProvides, unknownShell)).map((p) => p.message);
  if (problems.length && !force) {
    throw new HttpError(409, `Выпуск отклонён проверкой совместимости: ${problems.join('; ')}`, { gate: problems });
  }
  return problems;
}

async function record(
  tx: Database,
  input: { app: string; env: string; action: HistoryAction; releaseId: number; previousReleaseId: number | null; canaryReleaseId: number | null; canaryPercent: number; forced: string[]; actor: ReleaseActor; reason?: string | null; now: Date },
) {
  const reason = [input.reason, ...(input.forced.length ? [`--force: ${input.forced.join('; ')}`] : [])].filter(Boolean).join('\n') || null;
  await tx.insert(releasePointerHistory).values({
    app: input.app,
    env: input.env,
    action: input.action,
    releaseId: input.releaseId,
    previousReleaseId: input.previousReleaseId,
    canaryReleaseId: input.canaryReleaseId,
    canaryPercent: input.canaryPercent,
    forced: input.forced.length > 0,
    actor: input.actor.name,
    reason,
    createdAt: input.now,
  });
  const auditAction: AuditAction = input.action === 'release' ? 'release.publish' : (`release.${input.action}` as AuditAction);
  await tx.insert(auditLog).values({
    actorId: input.actor.staffId,
    actorName: input.actor.name,
    action: auditAction,
    entityType: 'release',
    entityId: input.canaryReleaseId ?? input.releaseId,
    before: { app: input.app, env: input.env, release_id: input.previousReleaseId },
    after: { app: input.app, env: input.env, release_id: input.releaseId, canary_release_id: input.canaryReleaseId, canary_percent: input.canaryPercent },
    reason,
    createdAt: input.now,
  });
}

async function pointerOf(tx: Database, app: string, env: string): Promise<ReleasePointer | null> {
  const [row] = await tx.select().from(releasePointers).where(and(eq(releasePointers.app, app), eq(releasePointers.env, env)));
  if (!row) return null;
  const release = (await releaseById(tx, row.releaseId))!;
  const canary = row.canaryReleaseId ? await releaseById(tx, row.canaryReleaseId) : null;
  return {
    app,
    env,
    release: toSummary(release),
    canary: canary ? { release: toSummary(canary), percent: row.canaryPercent, started_at: (row.canaryStartedAt ?? row.updatedAt).toISOString() } : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function setPointer(tx: Database, app: string, env: string, values: { releaseId: number; canaryReleaseId: number | null; canaryPercent: number; canaryStartedAt: Date | null; now: Date }) {
  const row = { releaseId: values.releaseId, canaryReleaseId: values.canaryReleaseId, canaryPercent: values.canaryPercent, canaryStartedAt: values.canaryStartedAt, updatedAt: values.now };
  await tx.insert(releasePointers).values({ app, env, ...row }).onConflictDoUpdate({ target: [releasePointers.app, releasePointers.env], set: row });
}

/** The build's row: a second release of the same files (same app and hash) is the same release. */
async function releaseRow(tx: Database, app: string, build: ReleaseBuild, actor: ReleaseActor, now: Date): Promise<ReleaseRow> {
  await tx
    .insert(releases)
    .values({
      app,
      buildHash: build.build_hash,
      gitCommit: build.git_commit ?? '',
      createdBy: actor.name,
      sizeBytes: build.size_bytes,
      requires: build.requires,
      provides: build.provides,
      exposes: build.exposes,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [releases.app, releases.buildHash] });
  const [row] = await tx.select().from(releases).where(and(eq(releases.app, app), eq(releases.buildHash, build.build_hash)));
  return row!;
}

export interface PublishInput {
  app: string;
  env: string;
  build: ReleaseBuild;
  canaryPercent?: number | undefined;
  force?: boolean | undefined;
  shellProvides?: Record<string, string> | null | undefined;
  actor: ReleaseActor;
  now: Date;
}

/**
 * Records a build and moves the pointer to it (or starts it as the canary), in one transaction. Refused (409): the
 * gate's refusals (unless forced), a canary while another runs or with no live release to compare with, a full
 * release while a canary runs.
 */
export async function publishRelease(db: Database, input: PublishInput): Promise<ReleaseChange> {
  const invalid = invalidVersions(input.build.requires, input.build.provides);
  if (invalid.length) throw new HttpError(422, invalid[0]!, { 'build.requires': invalid });
  return db.transaction(async (tx) => {
    const release = await releaseRow(tx, input.app, input.build, input.actor, input.now);
    const pointer = await lockPointer(tx, input.app, input.env);
    if (input.canaryPercent) {
      if (!pointer) throw conflict('Канарейке не с чем сравнивать: у приложения ещё нет живого выпуска. Выпустите его без --canary.');
      if (pointer.canaryReleaseId) throw conflict('Канарейка уже идёт: сделайте её основной (promote) или откатите (rollback).');
      if (pointer.releaseId === release.id) throw conflict('Эта сборка уже живая.');
      const forced = await passGate(tx, release, input.env, Boolean(input.force), input.shellProvides ?? null);
      await setPointer(tx, input.app, input.env, { releaseId: pointer.releaseId, canaryReleaseId: release.id, canaryPercent: input.canaryPercent, canaryStartedAt: input.now, now: input.now });
      await record(tx, { app: input.app, env: input.env, action: 'canary', releaseId: pointer.releaseId, previousReleaseId: pointer.releaseId, canaryReleaseId: release.id, canaryPercent: input.canaryPercent, forced, actor: input.actor, now: input.now });
      return { changed: true, pointer: (await pointerOf(tx, input.app, input.env))!, forced };
    }
    if (pointer?.releaseId === release.id && !pointer.canaryReleaseId) return { changed: false, pointer: (await pointerOf(tx, input.app, input.env))!, forced: [] };
    if (pointer?.canaryReleaseId) throw conflict('Идёт канарейка: сначала сделайте её основной (promote) или откатите (rollback).');
    const forced = await passGate(tx, release, input.env, Boolean(input.force), input.shellProvides ?? null);
    await setPointer(tx, input.app, input.env, { releaseId: release.id, canaryReleaseId: null, canaryPercent: 0, canaryStartedAt: null, now: input.now });
    await record(tx, { app: input.app, env: input.env, action: 'release', releaseId: release.id, previousReleaseId: pointer?.releaseId ?? null, canaryReleaseId: null, canaryPercent: 0, forced, actor: input.actor, now: input.now });
    return { changed: true, pointer: (await pointerOf(tx, input.app, input.env))!, forced };
  });
}

export interface RollbackInput {
  app: string;
  env: string;
  /** The release to go back to; by default the one live before the current one. */
  releaseId?: number | undefined;
  force?: boolean | undefined;
  shellProvides?: Record<string, string> | null | undefined;
  reason?: string | null | undefined;
  actor: ReleaseActor;
  now: Date;
  /** The automatic rollback of a failing canary (history action auto_rollback). */
  automatic?: boolean;
}

/**
 * One step back, with no build. A running canary is stopped (the live release stays; `releaseId`, if given, must be
 * the live one or is then applied too). Otherwise the pointer goes to `releaseId` (any release of the app), or to the
 * newest release older than the current one that was live before. The gate checks the target against what is live now.
 */
export async function rollbackRelease(db: Database, input: RollbackInput): Promise<ReleaseChange> {
  return db.transaction(async (tx) => {
    const pointer = await lockPointer(tx, input.app, input.env);
    if (!pointer) throw new HttpError(404, `У ${input.app} нет выпусков в окружении ${input.env}.`, {});
    const action: HistoryAction = input.automatic ? 'auto_rollback' : 'rollback';
    if (pointer.canaryReleaseId && (input.releaseId === undefined || input.releaseId === pointer.releaseId)) {
      await setPointer(tx, input.app, input.env, { releaseId: pointer.releaseId, canaryReleaseId: null, canaryPercent: 0, canaryStartedAt: null, now: input.now });
      await record(tx, { app: input.app, env: input.env, action, releaseId: pointer.releaseId, previousReleaseId: pointer.releaseId, canaryReleaseId: pointer.canaryReleaseId, canaryPercent: 0, forced: [], actor: input.actor, reason: input.reason ?? null, now: input.now });
      return { changed: true, pointer: (await pointerOf(tx, input.app, input.env))!, forced: [] };
    }
    if (input.automatic) return { changed: false, pointer: (await pointerOf(tx, input.app, input.env))!, forced: [] };
    let target: ReleaseRow | null;
    if (input.releaseId !== undefined) {
      target = await releaseById(tx, input.releaseId);
      if (!target || target.app !== input.app) throw new HttpError(404, `Выпуск ${input.releaseId} приложения ${input.app} не найден.`, { release_id: ['Нет такого выпуска.'] });
      if (target.id === pointer.releaseId) throw conflict('Этот выпуск уже живой.', 'release_id');
    } else {
      const wasLive = tx
        .select({ id: releasePointerHistory.releaseId })
        .from(releasePointerHistory)
        .where(and(eq(releasePointerHistory.app, input.app), eq(releasePointerHistory.env, input.env)));
      const [previous] = await tx
        .select()
        .from(releases)
        .where(and(eq(releases.app, input.app), lt(releases.id, pointer.releaseId), inArray(releases.id, wasLive)))
        .orderBy(desc(releases.id))
        .limit(1);
      if (!previous) throw conflict('Откатываться некуда: до текущего выпуска живых не было.');
      target = previous;
    }
    // a build goes back only where the live shell (or, for the shell, every live remote) still works with it; with no
    // shell in the registry it was gated when it was released
    const forced = await passGate(tx, target, input.env, Boolean(input.force), input.shellProvides ?? null, 'pass');
    await setPointer(tx, input.app, input.env, { releaseId: target.id, canaryReleaseId: null, canaryPercent: 0, canaryStartedAt: null, now: input.now });
    await record(tx, { app: input.app, env: input.env, action, releaseId: target.id, previousReleaseId: pointer.releaseId, canaryReleaseId: pointer.canaryReleaseId, canaryPercent: 0, forced, actor: input.actor, reason: input.reason ?? null, now: input.now });
    return { changed: true, pointer: (await pointerOf(tx, input.app, input.env))!, forced };
  });
}

/** The canary becomes the live release (409 when none runs). */
export async function promoteCanary(db: Database, input: { app: string; env: string; actor: ReleaseActor; now: Date }): Promise<ReleaseChange> {
  return db.transaction(async (tx) => {
    const pointer = await lockPointer(tx, input.app, input.env);
    if (!pointer?.canaryReleaseId) throw conflict(`У ${input.app} сейчас нет канарейки.`);
    await setPointer(tx, input.app, input.env, { releaseId: pointer.canaryReleaseId, canaryReleaseId: null, canaryPercent: 0, canaryStartedAt: null, now: input.now });
    await record(tx, { app: input.app, env: input.env, action: 'promote', releaseId: pointer.canaryReleaseId, previousReleaseId: pointer.releaseId, canaryReleaseId: null, canaryPercent: 0, forced: [], actor: input.actor, now: input.now });
    return { changed: true, pointer: (await pointerOf(tx, input.app, input.env))!, forced: [] };
  });
}

/** Every app's live build (and canary) in an environment: an app with no release is absent (served as before). */
export async function liveReleases(db: Database, env: string): Promise<LiveReleases> {
  const out: LiveReleases = {};
  for (const { pointer, release, canary } of await liveRows(db, env)) {
    out[pointer.app] = {
      release: { id: release.id, build_hash: release.buildHash },
      canary: canary ? { id: canary.id, build_hash: canary.buildHash, percent: pointer.canaryPercent } : null,
    };
  }
  return out;
}

const toHistory = (r: typeof releasePointerHistory.$inferSelect): ReleaseHistoryEntry => ({
  id: r.id,
  action: r.action,
  release_id: r.releaseId,
  previous_release_id: r.previousReleaseId,
  canary_release_id: r.canaryReleaseId,
  canary_percent: r.canaryPercent,
  forced: r.forced,
  actor: r.actor,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
});

/** An app's releases and its pointer's history in an environment, newest first. */
export async function releaseHistory(db: Database, app: string, env: string, limit = 100): Promise<ReleaseHistory> {
  const rows = await db.select().from(releases).where(eq(releases.app, app)).orderBy(desc(releases.id)).limit(limit);
  const history = await db
    .select()
    .from(releasePointerHistory)
    .where(and(eq(releasePointerHistory.app, app), eq(releasePointerHistory.env, env)))
    .orderBy(desc(releasePointerHistory.id))
    .limit(limit);
  return { pointer: await pointerOf(db, app, env), releases: rows.map(toSummary), history: history.map(toHistory) };
}

/** The builds of an app whose files must stay: the newest `keep`, and every one a pointer (any environment) names. */
export async function retainedBuilds(db: Database, app: string, keep: number): Promise<string[]> {
  const newest = await db.select({ hash: releases.buildHash }).from(releases).where(eq(releases.app, app)).orderBy(desc(releases.id)).limit(keep);
  const referenced = await db
    .select({ hash: releases.buildHash })
    .from(releases)
    .innerJoin(releasePointers, or(eq(releasePointers.releaseId, releases.id), eq(releasePointers.canaryReleaseId, releases.id)))
    .where(eq(releases.app, app));
  return [...new Set([...newest, ...referenced].map((r) => r.hash))];
}

/** A signed link opening the site with `releaseId` of `app` for `minutes` (any release of the app, live or not). */
export async function previewLink(db: Database, secret: string, app: string, releaseId: number, minutes: number, now: Date) {
  const release = await releaseById(db, releaseId);
  if (!release || release.app !== app) throw new HttpError(404, `Выпуск ${releaseId} приложения ${app} не найден.`, { release_id: ['Нет такого выпуска.'] });
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  const token = signPreview(secret, app, release.buildHash, expiresAt);
  return { token, path: `/?release_preview=${token}`, app, build_hash: release.buildHash, expires_at: expiresAt.toISOString() };
}
