/** The one rule of what can be booked on a slot, for the catalog, the order form, new orders and moves. */

export interface SeatsExcursion {
  format: 'group' | 'individual';
  /** The most people one order may have. */
  groupSizeMax: number;
}

export interface SeatsSlot {
  capacity: number;
  bookedSeats: number;
}

/** Seats an order holds on its slot: an individual excursion takes the whole slot. */
export const reservedSeats = (format: SeatsExcursion['format'], seats: number, capacity: number) =>
  format === 'individual' ? capacity : seats;

/**
 * How many people one order can book on this slot now: a group slot's free seats up to the group size; an individual
 * slot only while nobody holds it, then up to the group size (and never more than the slot's capacity).
 */
export function bookableSeats(excursion: SeatsExcursion, slot: SeatsSlot): number {
  if (excursion.format === 'individual') return slot.bookedSeats > 0 ? 0 : Math.min(excursion.groupSizeMax, slot.capacity);
  return Math.max(0, Math.min(excursion.groupSizeMax, slot.capacity - slot.bookedSeats));
}
