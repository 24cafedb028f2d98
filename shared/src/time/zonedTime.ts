/**
 * Times of excursions, always in the excursion city's IANA time zone (Tbilisi is not Moscow), and a note when that
 * zone's clock differs from the visitor's. Pure functions over Intl; bundled where imported.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(options: Intl.DateTimeFormatOptions, locale = 'ru-RU'): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** «суббота, 2 мая 2026 г., 10:00» in the given zone. */
export function formatEventMoment(iso: string | Date, timeZone: string): string {
  return format({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(
    asDate(iso),
  );
}

/** «2 мая, 10:00» in the given zone. */
export function formatEventShort(iso: string | Date, timeZone: string): string {
  return format({ day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone }).format(asDate(iso));
}

/** «10:00» in the given zone. */
export function formatClock(iso: string | Date, timeZone: string): string {
  return format({ hour: '2-digit', minute: '2-digit', timeZone }).format(asDate(iso));
}

/** 'YYYY-MM-DD' of a moment in a time zone. */
export function dayKeyIn(iso: string | Date, timeZone: string): string {
  const parts = format({ timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').formatToParts(asDate(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The service's own clock, where no excursion city's zone applies: the account pages' and statistics' calendar days,
 * and the catalog's dates of reviews, posts and documents (the same day on the server and in every browser).
 */
export const SERVICE_TIME_ZONE = 'Europe/Moscow';

/** 'YYYY-MM-DD' of a moment on the service's clock (SERVICE_TIME_ZONE). */
export function serviceDay(iso: string | Date): string {
  return dayKeyIn(iso, SERVICE_TIME_ZONE);
}

/** Minutes east of UTC of a zone at a moment (DST included). */
export function zoneOffsetMinutes(timeZone: string, at: string | Date = new Date()): number {
  const date = asDate(at);
  const parts = format({ timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }, 'en-US').formatToParts(date);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - (date.getTime() - date.getMilliseconds())) / 60_000);
}

/** 'UTC+4', 'UTC+5:30', 'UTC−3' (a real minus sign). */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** The visitor's own zone (the browser's). */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * «время местное, UTC+4» when the excursion's zone shows another clock than the visitor's at that moment;
 * null when both clocks agree (a Muscovite looking at Kazan sees no note).
 */
export function timeZoneNote(timeZone: string, at: string | Date, visitorZone: string = visitorTimeZone()): string | null {
  const offset = zoneOffsetMinutes(timeZone, at);
  if (offset === zoneOffsetMinutes(visitorZone, at)) return null;
  return `время местное, ${formatUtcOffset(offset)}`;
}

/** The UTC moment of `HH:MM` on a zone's clock on a calendar day ('YYYY-MM-DD'), daylight-saving changes included. */
export function zonedMoment(dayKey: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = dayKey.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hours, minutes);
  // The offset at the wall time itself, corrected once for a daylight-saving change in between.
  const guess = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  return new Date(wall - zoneOffsetMinutes(timeZone, new Date(guess)) * 60_000);
}

/** The calendar day `days` after a day ('YYYY-MM-DD'), and its ISO weekday (1 = Monday … 7 = Sunday). */
export function addDays(dayKey: string, days: number): string {
  const [y = 0, m = 1, d = 1] = dayKey.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function isoWeekday(dayKey: string): number {
  const [y = 0, m = 1, d = 1] = dayKey.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}
