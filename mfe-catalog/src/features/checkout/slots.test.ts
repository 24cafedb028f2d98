import { excursionDetail, excursionEvent } from '../../testing/fixtures';
import { calendarEvents, isBookable, seatLimit } from './slots';

const event = excursionEvent({ id: 1, starts_at: '2026-05-01T08:00:00Z', seats_left: 3, capacity: 10 });

describe('slots', () => {
  it('limits people by the seats left of a group slot and by the group size', () => {
    expect(seatLimit(excursionDetail({ group_size_max: 10 }), event)).toBe(3);
    expect(seatLimit(excursionDetail({ group_size_max: 2 }), event)).toBe(2);
    expect(seatLimit(excursionDetail({ format: 'individual', group_size_max: 6 }), { ...event, seats_left: 10 })).toBe(6);
  });

  it('offers an individual slot only while it is wholly free', () => {
    const individual = excursionDetail({ format: 'individual', group_size_max: 4 });
    expect(isBookable(individual, { ...event, seats_left: 10 })).toBe(true);
    expect(isBookable(individual, { ...event, seats_left: 3 })).toBe(false);
    expect(calendarEvents(individual, [{ ...event, seats_left: 3 }, { ...event, id: 2, seats_left: 10 }]).map((e) => e.seats_left)).toEqual([0, 4]);
  });
});
