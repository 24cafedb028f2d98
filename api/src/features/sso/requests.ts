import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoAuthRequests as requests, ssoCodeGuesses as guesses, type SsoAuthRequest, type SsoStage } from '../../db/schema';

// The stored sign-in requests. Every change is a conditional update, so that of concurrent callers exactly one
// switches a stage, spends a code or answers a push.

/** The database, or a transaction on it. */
type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** First key of the advisory lock that serialises the sign-in requests of one phone. */
const PHONE_LOCK = 0x550;

export const isState = (state: SsoAuthRequest['state']): SQL => eq(requests.state, state);

export async function byIdHash(db: Queryable, idHash: string): Promise<SsoAuthRequest | undefined> {
  return (await db.select().from(requests).where(eq(requests.idHash, idHash)).limit(1))[0];
}

export async function byId(db: Queryable, id: number): Promise<SsoAuthRequest | undefined> {
  return (await db.select().from(requests).where(eq(requests.id, id)).limit(1))[0];
}

export async function latestOfPhone(db: Queryable, phone: string): Promise<SsoAuthRequest | undefined> {
  return (await db.select().from(requests).where(eq(requests.phone, phone)).orderBy(desc(requests.id)).limit(1))[0];
}

/** Holds the phone's lock until the transaction ends. */
export async function lockPhone(tx: Queryable, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_LOCK}, hashtext(${phone}))`);
}

/** When the phone's requests after `since` were made, oldest first: each of them pushed to the SIM. */
export async function pushedSince(db: Queryable, phone: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: requests.createdAt })
    .from(requests)
    .where(and(eq(requests.phone, phone), gt(requests.createdAt, since)))
    .orderBy(requests.createdAt);
  return rows.map((row) => row.createdAt);
}

/** When the phone's requests that may send a call or an SMS (not push-only ones) were made since `since`. */
export async function createdSince(db: Queryable, phone: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: requests.createdAt })
    .from(requests)
    .where(and(eq(requests.phone, phone), gt(requests.createdAt, since), eq(requests.pushOnly, false)))
    .orderBy(requests.createdAt);
  return rows.map((row) => row.createdAt);
}

export async function insertRequest(
  db: Queryable,
  values: { idHash: string; phone: string; at: Date; pushOnly: boolean; changeForUserId?: number | null; stage?: SsoStage },
) {
  const { idHash, phone, at, pushOnly, changeForUserId = null, stage = 'push' } = values;
  const [row] = await db
    .insert(requests)
    .values({ idHash, phone, stage, state: 'active', stageStartedAt: at, createdAt: at, pushOnly, changeForUserId })
    .returning();
  if (!row) throw new Error('the sign-in request was not stored');
  return row;
}

export async function deleteRequest(db: Queryable, id: number): Promise<void> {
  await db.delete(requests).where(eq(requests.id, id));
}

export async function deleteCreatedBefore(db: Queryable, before: Date): Promise<void> {
  await db.delete(requests).where(lt(requests.createdAt, before));
}

/** Moves an active request from stage `from` to `to` with the new code; false when another caller did. */
export async function switchStage(
  db: Queryable,
  id: number,
  from: SsoStage,
  to: { stage: SsoStage; startedAt: Date; codeHash: string },
): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ stage: to.stage, stageStartedAt: to.startedAt, codeHash: to.codeHash })
    .where(and(eq(requests.id, id), isState('active'), eq(requests.stage, from)))
    .returning({ id: requests.id });
  return rows.length > 0;
}

/** Sets the code of an active request while it is at `stage` (a provider that picks the call's number picks the code). */
export async function setCode(db: Queryable, id: number, stage: SsoStage, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ codeHash })
    .where(and(eq(requests.id, id), isState('active'), eq(requests.stage, stage)))
    .returning({ id: requests.id });
  return rows.length > 0;
}

/** Counts one code attempt of an active request below `max`; undefined when none is left. */
export async function reserveAttempt(db: Queryable, id: number, max: number) {
  const [row] = await db
    .update(requests)
    .set({ attempts: sql`${requests.attempts} + 1` })
    .where(and(eq(requests.id, id), isState('active'), lt(requests.attempts, max)))
    .returning({ attempts: requests.attempts, codeHash: requests.codeHash, stage: requests.stage });
  return row;
}

/** Spends the request (its token is being issued) while `condition` holds; false when it did not. */
export async function markUsed(db: Queryable, id: number, condition: SQL | undefined): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ state: 'used', codeHash: null })
    .where(and(eq(requests.id, id), condition))
    .returning({ id: requests.id });
  return rows.length > 0;
}

export async function cancelRequest(
  db: Queryable,
  id: number,
  reason: 'expired' | 'attempts' | 'declined',
  condition: SQL | undefined,
): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ state: 'cancelled', cancelReason: reason, codeHash: null })
    .where(and(eq(requests.id, id), condition))
    .returning({ id: requests.id });
  return rows.length > 0;
}

/** Condition: the request still awaits its push. */
export const awaitingPush = (): SQL | undefined => and(isState('active'), eq(requests.stage, 'push'));

/** Condition: the request is active and still holds this very code. */
export const holdsCode = (codeHash: string): SQL | undefined =>
  and(isState('active'), eq(requests.codeHash, codeHash));

export async function markAccessed(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ state: 'accessed' })
    .where(and(eq(requests.id, id), awaitingPush()))
    .returning({ id: requests.id });
  return rows.length > 0;
}

/**
 * Counts one code verification of the phone against its budget (`max` since `since`), under the phone's lock so that
 * parallel guesses cannot exceed it: the new guess's id and the guesses counted with it, or the time the oldest counted guess was made when the
 * budget is used up.
 */
export async function reserveGuess(
  db: Database,
  phone: string,
  window: { since: Date; at: Date },
  max: number,
): Promise<{ id: number; used: number } | { lockedSince: Date }> {
  return db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const counted = await tx
      .select({ at: guesses.at })
      .from(guesses)
      .where(and(eq(guesses.phone, phone), gt(guesses.at, window.since)))
      .orderBy(desc(guesses.at))
      .limit(max);
    const oldest = counted[max - 1];
    if (oldest) return { lockedSince: oldest.at };
    const [row] = await tx.insert(guesses).values({ phone, at: window.at }).returning({ id: guesses.id });
    if (!row) throw new Error('the code guess was not stored');
    return { id: row.id, used: counted.length + 1 };
  });
}

/** The time from which the phone's code entry is locked (its `max`-th latest guess since `since`), or undefined. */
export async function guessesLockedSince(db: Queryable, phone: string, since: Date, max: number): Promise<Date | undefined> {
  const counted = await db
    .select({ at: guesses.at })
    .from(guesses)
    .where(and(eq(guesses.phone, phone), gt(guesses.at, since)))
    .orderBy(desc(guesses.at))
    .limit(max);
  return counted[max - 1]?.at;
}

/** A right code does not use the budget up. */
export async function releaseGuess(db: Queryable, id: number): Promise<void> {
  await db.delete(guesses).where(eq(guesses.id, id));
}

export async function deleteGuessesBefore(db: Queryable, before: Date): Promise<void> {
  await db.delete(guesses).where(lt(guesses.at, before));
}
