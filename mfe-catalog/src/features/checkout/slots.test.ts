import { excursionDetail, excursionEvent } from '../../testing/fixtures';
import { isBookable, seatLimit } from './slots';

const event = excursionEvent({ id: 1, starts_at: '2026-05-01T08:00:00Z', seats_left: 6, bookable: 4, capacity: 6 });

describe('slots', () => {
  it('limits people by the api’s bookable number, not by the seats left or the slot’s capacity', () => {
    expect(seatLimit(excursionDetail({ format: 'individual', group_size_max: 4 }), event)).toBe(4);
    expect(seatLimit(excursionDetail({ group_size_max: 10 }), { ...event, bookable: 3 })).toBe(3);
    expect(seatLimit(excursionDetail({ group_size_max: 10 }), undefined)).toBe(10);
  });

  it('offers a slot while one order still fits', () => {
    expect(isBookable(event)).toBe(true);
    expect(isBookable({ ...event, seats_left: 6, bookable: 0 })).toBe(false);
  });
});
