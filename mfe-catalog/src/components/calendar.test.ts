import { formatMonth, groupByDay, monthGrid } from './calendar';

describe('calendar helpers', () => {
  it('puts an event on its day in the excursion’s zone', () => {
    const late = [{ id: 1, starts_at: '2026-03-01T22:30:00Z', seats_left: 1, bookable: 1 }];
    expect([...groupByDay(late, 'Europe/Moscow').keys()]).toEqual(['2026-03-02']);
    expect([...groupByDay(late, 'UTC').keys()]).toEqual(['2026-03-01']);
  });

  it('groups events by day in time order', () => {
    const days = groupByDay(
      [
        { id: 2, starts_at: '2026-03-02T12:00:00Z', seats_left: 1, bookable: 1 },
        { id: 1, starts_at: '2026-03-02T07:00:00Z', seats_left: 4, bookable: 4 },
        { id: 3, starts_at: '2026-03-05T07:00:00Z', seats_left: 0, bookable: 0 },
      ],
      'UTC',
    );
    expect([...days.keys()]).toEqual(['2026-03-02', '2026-03-05']);
    expect(days.get('2026-03-02')?.map((e) => e.id)).toEqual([1, 2]);
  });

  it('lays a month out in weeks starting on Monday', () => {
    const cells = monthGrid('2026-03'); // 1 March 2026 is a Sunday
    expect(cells.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(cells.length % 7).toBe(0);
    expect(cells.filter(Boolean)).toHaveLength(31);
  });

  it('names a month in Russian', () => {
    expect(formatMonth('2026-03')).toBe('Март 2026');
  });
});
