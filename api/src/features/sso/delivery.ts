import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outbox as outboxTable, type SsoStage } from '../../db/schema';
import type { NewOutboxMessage, Outbox, OutboxHandler } from '../outbox/outbox';
import type { PhoneChannel } from './channel';
import { hashCode } from './codes';
import * as store from './requests';

interface CodePayload extends Record<string, unknown> {
  requestId: number;
  /** Erased by the outbox once the row is settled. */
  code: string;
}

/** The outbox message of a sign-in call or SMS: useless once the stage's countdown is over (it expires then). */
export function codeMessage(input: { requestId: number; phone: string; stage: SsoStage; code: string; expiresInMs: number }): NewOutboxMessage {
  const payload: CodePayload = { requestId: input.requestId, code: input.code };
  return { kind: input.stage === 'call' ? 'call' : 'sms', recipient: input.phone, payload, expiresInMs: input.expiresInMs };
}

/** What the calls and SMS of one sign-in cost (roubles, as the provider reported them). */
export async function signInCost(db: Database, requestId: number): Promise<number> {
  const [row] = await db
    .select({ cost: sql<string | null>`sum((${outboxTable.result}->>'cost')::numeric)` })
    .from(outboxTable)
    .where(and(inArray(outboxTable.kind, ['call', 'sms']), sql`(${outboxTable.payload}->>'requestId')::int = ${requestId}`, eq(outboxTable.state, 'sent')));
  return Number(row?.cost ?? 0);
}

/**
 * The outbox handlers of sign-in calls and SMS over the configured channel. A call is tried once: when it fails the
 * sign-in moves on to the SMS at once (`onCallFailed`). A provider that picks the calling number tells its code,
 * which replaces ours. Each delivery's cost is logged with the sign-in it belongs to.
 */
export function installSsoDelivery(options: {
  outbox: Outbox;
  channel: PhoneChannel;
  db: Database;
  log: Pick<FastifyBaseLogger, 'info'>;
  onCallFailed: (requestId: number) => Promise<boolean>;
}): void {
  const { outbox, channel, db, log } = options;
  const call: OutboxHandler = {
    maxAttempts: 1,
    async deliver(row, { signal }) {
      const { requestId, code } = row.payload as CodePayload;
      const done = (await channel.placeCall({ requestId, phone: row.recipient, code }, signal)) ?? {};
      if (done.code && done.code !== code) await store.setCode(db, requestId, 'call', hashCode(requestId, done.code));
      log.info({ requestId, stage: 'call', channel: channel.name, cost: done.cost ?? null, providerId: done.providerId ?? null }, 'sso: call placed');
      return { cost: done.cost ?? null, provider_id: done.providerId ?? null };
    },
    async onGiveUp(row) {
      await options.onCallFailed((row.payload as CodePayload).requestId);
    },
  };
  const sms: OutboxHandler = {
    async deliver(row, { signal }) {
      const { requestId, code } = row.payload as CodePayload;
      const done = (await channel.sendSms({ requestId, phone: row.recipient, code }, signal)) ?? {};
      log.info({ requestId, stage: 'sms', channel: channel.name, cost: done.cost ?? null, providerId: done.providerId ?? null }, 'sso: SMS sent');
      return { cost: done.cost ?? null, provider_id: done.providerId ?? null };
    },
  };
  outbox.handle('call', call);
  outbox.handle('sms', sms);
}
