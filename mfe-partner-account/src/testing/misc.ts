import { ApiError } from '@excursio/shared';

/** `{ status: true, data }` as the api answers. */
export const ok = <T>(data: T) => ({ status: true, data });

/** A 422 as the http client rejects it. */
export const unprocessable = (errors: Record<string, string[]>) => new ApiError(422, Object.values(errors)[0]![0]!, errors);

export const page = <T>(data: T[], current = 1, last = 1) => ({ data, current_page: current, last_page: last, per_page: 10, total: data.length });

/**
 * Sets the clock's date (Date only: timers stay real, so Testing Library's waits work as always). For pages that open
 * on today, such as the calendar's month, whose test data has fixed dates. Undo with `jest.useRealTimers()`.
 */
export function setToday(iso: string): void {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}
