import type { OrderDetail } from '@excursio/shared';
import { formatUtcOffset, zoneOffsetMinutes } from '@excursio/shared/time';

/** Text values of iCalendar (RFC 5545 §3.3.11): backslash, semicolon, comma and new lines escaped. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 'YYYYMMDDTHHMMSS' of a moment on the zone's wall clock. */
function wallClock(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}${get('month')}${get('day')}T${get('hour')}${get('minute')}${get('second')}`;
}

const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** ±HHMM of an offset in minutes. */
function icsOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The trip as an iCalendar event in the excursion city's time zone (TZID with its offset on that day), so a phone in
 * Moscow shows a Tbilisi excursion at Tbilisi's 10:00 converted right, and a phone in Tbilisi at 10:00.
 */
export function orderCalendar(order: OrderDetail, origin: string, now = new Date()): string {
  const zone = order.excursion.time_zone;
  const start = new Date(order.event.starts_at);
  const end = new Date(start.getTime() + order.excursion.duration_minutes * 60_000);
  const offset = icsOffset(zoneOffsetMinutes(zone, start));
  const description = [
    `Заказ №${order.id}, ${order.seats} чел.`,
    order.tickets.length ? `Билеты: ${order.tickets.map((t) => t.code).join(', ')}` : '',
    order.rest > 0 ? `Гиду на месте: ${order.rest} ₽` : '',
    order.guide ? `Гид: ${order.guide.name}${order.guide_contact ? `, +${order.guide_contact.phone}` : ''}` : '',
    `${origin}/account/user/${order.id}`,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Excursio//Tickets//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${formatUtcOffset(zoneOffsetMinutes(zone, start)).replace('−', '-')}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:order-${order.id}@excursio`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${zone}:${wallClock(start, zone)}`,
    `DTEND;TZID=${zone}:${wallClock(end, zone)}`,
    `SUMMARY:${icsText(`Экскурсия: ${order.excursion.title}`)}`,
    `LOCATION:${icsText(order.excursion.meeting_point || order.excursion.city_name)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${origin}/account/user/${order.id}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT2H',
    `DESCRIPTION:${icsText(`Через 2 часа: ${order.excursion.title}`)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Saves the trip's .ics (the browser's download). */
export function downloadCalendar(order: OrderDetail): void {
  const blob = new Blob([orderCalendar(order, window.location.origin)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `excursio-zakaz-${order.id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
