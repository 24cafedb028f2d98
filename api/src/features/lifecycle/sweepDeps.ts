import type { OrdersConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Broadcaster } from '../../realtime';

/** How many due orders one transaction takes (each order's transition and notices commit together with the batch). */
export const BATCH = 100;
export const HOUR_MS = 60 * 60 * 1000;

/** What every sweep works with. */
export interface SweepDeps {
  db: Database;
  broadcaster: Broadcaster;
  config: Pick<OrdersConfig, 'requestAnswerH'> & Partial<Pick<OrdersConfig, 'moderationAutoApproveS'>>;
  /** Seats came back to slots: the catalog's seat-dependent answers are stale. */
  seatsChanged?: () => void;
  /** Excursions were published: every catalog answer is stale. */
  catalogChanged?: () => void;
  /** Delivers the outbox's due messages and refunds (retries with back-off). */
  deliverOutbox?: (now: Date) => Promise<{ sent: number }>;
  /** Re-reads pending payments of real providers (no webhook is the only path). */
  settlePayments?: (now: Date) => Promise<number>;
}
