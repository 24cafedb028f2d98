import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bookableSeats, reservedSeats } from './seats';

describe('bookableSeats: what one order can book on a slot', () => {
  it('an individual excursion: the group size while the slot is free (not the slot’s capacity), nothing once taken', () => {
    const individual = { format: 'individual' as const, groupSizeMax: 4 };
    assert.equal(bookableSeats(individual, { capacity: 6, bookedSeats: 0 }), 4);
    assert.equal(bookableSeats(individual, { capacity: 2, bookedSeats: 0 }), 2);
    assert.equal(bookableSeats(individual, { capacity: 6, bookedSeats: 6 }), 0);
  });

  it('a group excursion: the free seats, up to the group size', () => {
    const group = { format: 'group' as const, groupSizeMax: 10 };
    assert.equal(bookableSeats(group, { capacity: 12, bookedSeats: 9 }), 3);
    assert.equal(bookableSeats(group, { capacity: 30, bookedSeats: 5 }), 10);
    assert.equal(bookableSeats(group, { capacity: 12, bookedSeats: 12 }), 0);
  });

  it('an individual order holds the whole slot', () => {
    assert.equal(reservedSeats('individual', 2, 6), 6);
    assert.equal(reservedSeats('group', 2, 6), 2);
  });
});
