import { dayKeyIn, formatClock, formatEventMoment, formatUtcOffset, serviceDay, SERVICE_TIME_ZONE, timeZoneNote, zoneOffsetMinutes } from './zonedTime';

describe('zoned time', () => {
  const at = '2026-05-02T07:00:00Z';

  it('shows a moment in the excursion city zone', () => {
    expect(formatClock(at, 'Europe/Moscow')).toBe('10:00');
    expect(formatClock(at, 'Asia/Tbilisi')).toBe('11:00');
    expect(formatClock(at, 'Asia/Samarkand')).toBe('12:00');
    expect(formatEventMoment(at, 'Europe/Moscow')).toMatch(/суббота, 2 мая 2026.*10:00/);
    expect(dayKeyIn('2026-03-01T22:30:00Z', 'Europe/Moscow')).toBe('2026-03-02');
  });

  it('knows offsets, with DST', () => {
    expect(zoneOffsetMinutes('Europe/Moscow', at)).toBe(180);
    expect(zoneOffsetMinutes('Europe/Berlin', '2026-01-15T12:00:00Z')).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', '2026-07-15T12:00:00Z')).toBe(120);
    expect(zoneOffsetMinutes('Asia/Kolkata', at)).toBe(330);
    expect(formatUtcOffset(330)).toBe('UTC+5:30');
    expect(formatUtcOffset(-180)).toBe('UTC−3');
  });

  it('says the time is local only when the clocks differ', () => {
    expect(timeZoneNote('Europe/Moscow', at, 'Europe/Moscow')).toBeNull();
    expect(timeZoneNote('Europe/Moscow', at, 'Europe/Simferopol')).toBeNull();
    expect(timeZoneNote('Asia/Tbilisi', at, 'Europe/Moscow')).toBe('время местное, UTC+4');
    expect(timeZoneNote('Europe/Moscow', at, 'UTC')).toBe('время местное, UTC+3');
  });

  it("counts the service's days on the Moscow clock, whatever the machine's zone", () => {
    expect(SERVICE_TIME_ZONE).toBe('Europe/Moscow');
    // 22:30 UTC is already the next day in Moscow (UTC+3), still the same day in UTC
    expect(serviceDay('2026-03-09T22:30:00Z')).toBe('2026-03-10');
    expect(serviceDay(new Date('2026-03-09T20:59:00Z'))).toBe('2026-03-09');
  });
});
