import { autoApprove } from '../partner-excursions/moderation';
import { extendSchedules } from '../schedules/generation';
import { decideGroups } from '../schedules/groups';
import { completeOrders } from './completeOrders';
import { expireHolds } from './expireHolds';
import { expireRequests } from './expireRequests';
import { sendPartnerDigests } from './partnerDigests';
import { remindCustomers } from './remindCustomers';
import { remindRequests } from './remindRequests';
import { BATCH, type SweepDeps } from './sweepDeps';

export type { SweepDeps } from './sweepDeps';

export interface SweepReport {
  holdsExpired: number;
  requestsExpired: number;
  groupsDecided: number;
  requestReminders: number;
  completed: number;
  customerReminders: number;
  partnerDigests: number;
  slotsGenerated: number;
  autoApproved: number;
  paymentsSettled: number;
  outboxSent: number;
}

/**
 * One pass of everything that is due at `now`. Every transition is a conditional change of rows locked with
 * `FOR UPDATE SKIP LOCKED`, in a transaction with its history and notices: two workers (two api processes) never take
 * the same order, a crash rolls a batch back whole, and the next pass (after a restart too) finds it still due.
 * Reminders are marked in `lifecycle_marks` in the transaction that sends them, so none is sent twice.
 */
export async function sweep(deps: SweepDeps, now: Date): Promise<SweepReport> {
  const report: SweepReport = {
    holdsExpired: await drain((limit) => expireHolds(deps, now, limit)),
    requestsExpired: await drain((limit) => expireRequests(deps, now, limit)),
    // gathering groups at their decision time: confirmed, or cancelled with full refunds (issue 32 §1)
    groupsDecided: await drain((limit) => decideGroups(deps, now, limit)),
    requestReminders: await drain((limit) => remindRequests(deps, now, limit)),
    completed: await drain((limit) => completeOrders(deps, now, limit)),
    customerReminders: await drain((limit) => remindCustomers(deps, now, limit)),
    partnerDigests: await sendPartnerDigests(deps, now),
    // schedules reach the booking horizon day by day (idempotent: a slot that exists is left as it is)
    slotsGenerated: await extendSchedules(deps.db, now),
    // development only: submissions approved after a delay, so `npm start` shows the whole flow
    autoApproved: await autoApprove(deps, now, deps.config.moderationAutoApproveS ?? 0),
    paymentsSettled: (await deps.settlePayments?.(now)) ?? 0,
    // last: what the steps above queued (reminders, refunds) goes out in the same pass
    outboxSent: (await deps.deliverOutbox?.(now))?.sent ?? 0,
  };
  if (report.autoApproved > 0) deps.catalogChanged?.();
  if (report.slotsGenerated > 0) deps.seatsChanged?.();
  if (report.holdsExpired > 0) deps.seatsChanged?.();
  return report;
}

/** Runs batches until one comes back short. */
async function drain(batch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch(BATCH);
    total += done;
    if (done < BATCH) return total;
  }
}
