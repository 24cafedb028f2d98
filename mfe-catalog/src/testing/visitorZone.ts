import type * as ZonedTime from '@excursio/shared/time';

/**
 * `@excursio/shared/time` for a visitor whose clock is in `zone`, so the «время местное» notes do not depend on the
 * machine running the tests. Use as `jest.mock('@excursio/shared/time', () => jest.requireActual('…/visitorZone').timeForVisitorIn('Europe/Moscow'))`.
 */
export function timeForVisitorIn(zone: string): typeof ZonedTime {
  const actual = jest.requireActual<typeof ZonedTime>('@excursio/shared/time');
  return { ...actual, timeZoneNote: (timeZone, at) => actual.timeZoneNote(timeZone, at, zone) };
}
