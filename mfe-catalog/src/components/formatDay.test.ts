import { formatDay } from './formatDay';

describe('formatDay', () => {
  it('names the day on the site’s clock, whatever the zone of the machine that renders it', () => {
    // 22:30 UTC is already the next day in Moscow: the server (UTC) and a browser (anywhere) say the same
    expect(formatDay('2026-07-26T22:30:00Z')).toBe('27 июля 2026 г.');
    expect(formatDay('2026-07-26T20:59:00Z')).toBe('26 июля 2026 г.');
  });
});
