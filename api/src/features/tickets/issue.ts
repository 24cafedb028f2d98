import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { tickets } from '../../db/schema';

/**
 * Ticket codes are read aloud, typed from a screen and printed: no characters that read alike (I/1/L, O/0), like
 * Crockford's base32 — 31 characters.
 */
export const TICKET_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TICKET_CODE_LENGTH = 10;

/** A random ticket code: 10 characters of TICKET_ALPHABET (31^10 ≈ 8·10^14 codes). */
export function ticketCode(): string {
  let code = '';
  for (let i = 0; i < TICKET_CODE_LENGTH; i++) code += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
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
