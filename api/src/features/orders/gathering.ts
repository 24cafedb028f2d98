// Issue 32 §1, a group that gathers: the one rule of a slot's minimum and decision time, for the catalog, the order
// page, the partner's calendar and the lifecycle worker.
import type { GroupGathering } from '@excursio/shared/contracts';

const HOUR_MS = 60 * 60 * 1000;

export interface GatheringExcursion {
  format: 'group' | 'individual';
  groupMin: number | null;
  groupDecisionHours: number;
}

export interface GatheringSlot {
  groupMin: number | null;
  bookedSeats: number;
  startsAt: Date;
  groupConfirmedAt: Date | null;
}

/** The slot's minimum: its own, else the excursion's; an individual excursion never gathers. */
export function groupMinOf(excursion: GatheringExcursion, slot: Pick<GatheringSlot, 'groupMin'>): number | null {
  if (excursion.format === 'individual') return null;
  return slot.groupMin ?? excursion.groupMin;
}

/** When a gathering slot is decided: `groupDecisionHours` before its start. */
export const decisionTime = (excursion: Pick<GatheringExcursion, 'groupDecisionHours'>, startsAt: Date) =>
  new Date(startsAt.getTime() - excursion.groupDecisionHours * HOUR_MS);

/** How far the slot's group is (null: it runs whatever the number). */
export function gatheringOf(excursion: GatheringExcursion, slot: GatheringSlot): GroupGathering | null {
  const min = groupMinOf(excursion, slot);
  if (min === null) return null;
  return {
    min,
    booked: slot.bookedSeats,
    decides_at: decisionTime(excursion, slot.startsAt).toISOString(),
    confirmed: slot.groupConfirmedAt !== null,
  };
}
