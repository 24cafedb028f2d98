import type { Database } from '../../db/client';
import { enqueue } from '../outbox/outbox';
import type { Letter } from './letters';

/**
 * Queues a letter in the caller's transaction (the outbox sends it after the commit, with retries). `dedupeKey`
 * makes it once only (a reminder per order, a receipt per payment).
 */
export function queueLetter(tx: Database, letter: Letter, now: Date, dedupeKey?: string): Promise<number | null> {
  return enqueue(tx, { kind: 'email', recipient: letter.to, payload: { ...letter }, dedupeKey }, now);
}
