import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { tickets } from '../../db/schema';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const TICKET_CODE_LENGTH = 10;

/** A random ticket code: 10 characters A–Z, 0–9 (36^10 ≈ 3.7·10^15 codes). */
export function ticketCode(): string {
  let code = '';
  for (let i = 0; i < TICKET_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Issues `count` tickets of an order with unique codes (a clash with an existing code is simply redrawn). */
export async function issueTickets(db: Database, orderId: number, count: number, now: Date): Promise<void> {
  let missing = count;
  for (let attempt = 0; missing > 0; attempt++) {
    if (attempt > 10) throw new Error('Could not draw unique ticket codes');
    const inserted = await db
      .insert(tickets)
      .values(Array.from({ length: missing }, () => ({ orderId, code: ticketCode(), createdAt: now })))
      .onConflictDoNothing({ target: tickets.code })
      .returning({ id: tickets.id });
    missing -= inserted.length;
  }
}
