import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { outbox, type OutboxKind, type OutboxRow } from '../../db/schema';
import { backoffMs, type OutboxConfig } from './backoff';

/** A refusal that retrying cannot change (a wrong number, an invalid request): the row fails at once. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

export interface DeliveryContext {
  /** Aborted after OUTBOX_TIMEOUT_MS: the attempt then counts as failed and is retried. */
  signal: AbortSignal;
  /** The attempt's number (1 for the first). */
  attempt: number;
}

/** Delivers one kind of row. Idempotent per row: a retry of the same row never does the thing twice. */
export interface OutboxHandler {
  deliver(row: OutboxRow, context: DeliveryContext): Promise<Record<string, unknown> | void>;
  /** Attempts before giving up for this kind (a flash call is tried once: the SMS follows at once). */
  maxAttempts?: number;
  /** Called once a row is given up (after its last attempt or a permanent refusal). */
  onGiveUp?(row: OutboxRow, error: string): Promise<void>;
}

export interface NewOutboxMessage {
  kind: OutboxKind;
  recipient: string;
  payload: Record<string, unknown>;
  /** A second message with the same key is not written (null from enqueue). */
  dedupeKey?: string;
  /** Not sent once this many ms have passed (sign-in codes). */
  expiresInMs?: number;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  expired: number;
}

/**
 * Writes a message in the caller's transaction (the change that causes it commits with it, or neither does).
 * Returns its id, or null when a message with the same dedupe key exists.
 */
export async function enqueue(tx: Database, message: NewOutboxMessage, now: Date): Promise<number | null> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: message.kind,
      recipient: message.recipient,
      payload: message.payload,
      dedupeKey: message.dedupeKey ?? null,
      nextAttemptAt: now,
      expiresAt: message.expiresInMs === undefined ? null : new Date(now.getTime() + message.expiresInMs),
      createdAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return row?.id ?? null;
}

/** Keys of the payload never kept once a row is settled (a sign-in code is no one's business afterwards). */
const SECRET_PAYLOAD_KEYS = ['code'];

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

export interface Outbox {
  readonly config: OutboxConfig;
  /** Registers the handler of a kind (each feature registers its own). */
  handle(kind: OutboxKind, handler: OutboxHandler): void;
  /** Whether this process can deliver a kind (a provider is configured for it). */
  handles(kind: OutboxKind): boolean;
  /** `enqueue` with the outbox's clock. */
  enqueue(tx: Database, message: NewOutboxMessage): Promise<number | null>;
  /** Delivers these rows now if they are due (after the commit that wrote them); the worker retries the rest. */
  deliverNow(ids: readonly (number | null)[]): Promise<DeliveryReport>;
  /** Every due row, in batches: the lifecycle worker's pass. */
  deliverDue(now?: Date): Promise<DeliveryReport>;
}

const BATCH = 100;

interface Delivered {
  row: OutboxRow;
  result: Record<string, unknown> | null;
  at: Date;
}
/** Rows delivered at once: provider calls wait on the network, not on this process. */
const PARALLEL = 8;

export function createOutbox(options: {
  db: Database;
  clock: Clock;
  config: OutboxConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** Removes secrets from a provider's error text before it is logged or stored. */
  scrub?: (text: string) => string;
}): Outbox {
  const { db, clock, config, log } = options;
  const scrub = options.scrub ?? ((text: string) => text);
  const handlers = new Map<OutboxKind, OutboxHandler>();

  /** Takes due rows (or a crashed worker's expired claims) for one attempt each; SKIP LOCKED keeps two workers apart. */
  async function claim(now: Date, limit: number, ids?: readonly number[]): Promise<OutboxRow[]> {
    const due = or(
      and(eq(outbox.state, 'pending'), lte(outbox.nextAttemptAt, now)),
      and(eq(outbox.state, 'sending'), lte(outbox.lockedUntil, now)),
    );
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(ids ? and(inArray(outbox.id, [...ids]), due) : due)
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      return tx
        .update(outbox)
        .set({ state: 'sending', attempts: sql`${outbox.attempts} + 1`, lockedUntil: new Date(now.getTime() + config.leaseS * 1000) })
        .where(inArray(outbox.id, rows.map((r) => r.id)))
        .returning();
    });
  }

  /** Moves a claimed row on — only while this attempt still holds it (a row is settled once per attempt). */
  async function settle(row: OutboxRow, values: Partial<typeof outbox.$inferInsert>): Promise<boolean> {
    const final = values.state === 'failed' || values.state === 'expired';
    const payload = final ? withoutSecrets(row.payload) : undefined;
    const [done] = await db
      .update(outbox)
      .set({ ...values, lockedUntil: null, ...(payload ? { payload } : {}) })
      .where(and(eq(outbox.id, row.id), eq(outbox.state, 'sending'), eq(outbox.attempts, row.attempts)))
      .returning({ id: outbox.id });
    return done !== undefined;
  }

  /** One attempt of a claimed row: a success is returned to be settled with its batch; anything else is settled here. */
  async function attempt(row: OutboxRow, report: DeliveryReport): Promise<Delivered | null> {
    const handler = handlers.get(row.kind);
    const now = clock.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
      if (await settle(row, { state: 'expired', lastError: 'expired before it could be sent' })) report.expired += 1;
      return null;
    }
    if (!handler) {
      // Nothing here can send it (the provider is not configured in this process): wait, never drop.
      await settle(row, { state: 'pending', lastError: `no handler for ${row.kind}`, nextAttemptAt: new Date(now.getTime() + backoffMs(config, row.attempts)) });
      report.retried += 1;
      return null;
    }
    try {
      const result = await handler.deliver(row, { signal: AbortSignal.timeout(config.timeoutMs), attempt: row.attempts });
      return { row, result: result ?? null, at: clock.now() };
    } catch (error) {
      const message = scrub(errorText(error));
      const max = handler.maxAttempts ?? config.maxAttempts;
      const giveUp = error instanceof PermanentDeliveryError || row.attempts >= max;
      const later = clock.now();
      log.warn({ outboxId: row.id, kind: row.kind, attempt: row.attempts, giveUp, reason: message }, 'outbox: delivery failed');
      if (giveUp) {
        if (await settle(row, { state: 'failed', lastError: message })) {
          report.failed += 1;
          await handler.onGiveUp?.(row, message).catch((hookError: unknown) => {
            log.error({ outboxId: row.id, reason: scrub(errorText(hookError)) }, 'outbox: give-up hook failed');
          });
        }
      } else if (await settle(row, { state: 'pending', lastError: message, nextAttemptAt: new Date(later.getTime() + backoffMs(config, row.attempts)) })) {
        report.retried += 1;
      }
      return null;
    }
  }

  /**
   * Marks delivered rows sent in one statement (a round trip per batch, not per row), each only while its own attempt
   * still holds it; the secret keys of their payloads are dropped on the way.
   */
  async function settleSent(done: Delivered[], report: DeliveryReport): Promise<void> {
    if (done.length === 0) return;
    const rows = sql.join(
      done.map((d) => sql`(${d.row.id}::int, ${d.row.attempts}::int, ${d.at.toISOString()}::timestamptz, ${JSON.stringify(d.result)}::jsonb)`),
      sql`, `,
    );
    const secrets = sql.raw(`array[${SECRET_PAYLOAD_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`);
    const settled = await db.execute(sql`
      update ${outbox} as o
      set state = 'sent', sent_at = v.sent_at, result = nullif(v.result, 'null'::jsonb), last_error = null, locked_until = null,
        payload = o.payload - ${secrets}
      from (values ${rows}) as v(id, attempts, sent_at, result)
      where o.id = v.id and o.state = 'sending' and o.attempts = v.attempts
      returning o.id`);
    report.sent += ((settled as { rows: unknown[] }).rows ?? []).length;
  }

  async function run(rows: OutboxRow[], report: DeliveryReport): Promise<void> {
    const done: Delivered[] = [];
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const delivered = await attempt(row, report);
        if (delivered) done.push(delivered);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, lane));
    await settleSent(done, report);
  }

  const emptyReport = (): DeliveryReport => ({ sent: 0, retried: 0, failed: 0, expired: 0 });

  return {
    config,
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    handles: (kind) => handlers.has(kind),
    enqueue: (tx, message) => enqueue(tx, message, clock.now()),
    async deliverNow(ids) {
      const report = emptyReport();
      const wanted = ids.filter((id): id is number => id !== null);
      if (wanted.length === 0) return report;
      await run(await claim(clock.now(), wanted.length, wanted), report);
      return report;
    },
    async deliverDue(now = clock.now()) {
      const report = emptyReport();
      for (;;) {
        const rows = await claim(now, BATCH);
        await run(rows, report);
        if (rows.length < BATCH) return report;
      }
    },
  };
}

function withoutSecrets(payload: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!SECRET_PAYLOAD_KEYS.some((key) => key in payload)) return undefined;
  const copy = { ...payload };
  for (const key of SECRET_PAYLOAD_KEYS) delete copy[key];
  return copy;
}

/** A row as staff see it: never the payload (it may hold a code or a message's text). */
export function toStaffView(row: OutboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    state: row.state,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
