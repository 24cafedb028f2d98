import { systemClock } from './clock';
import { Countdown } from './Countdown';
import { formatMmSs } from './formatMmSs';

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

describe('formatMmSs', () => {
  it('shows minutes and seconds with two digits each', () => {
    expect(formatMmSs(180)).toBe('03:00');
    expect(formatMmSs(179)).toBe('02:59');
    expect(formatMmSs(61)).toBe('01:01');
    expect(formatMmSs(9)).toBe('00:09');
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(-5)).toBe('00:00');
  });
});

describe('Countdown', () => {
  it('counts down by whole seconds from the start', () => {
    const c = new Countdown(systemClock);
    c.start(180);
    expect(c.label).toBe('03:00');
    expect(c.running).toBe(true);
    jest.advanceTimersByTime(999);
    expect(c.label).toBe('03:00');
    jest.advanceTimersByTime(1);
    expect(c.label).toBe('02:59');
    jest.advanceTimersByTime(59_000);
    expect(c.label).toBe('02:00');
  });

  it('calls onEnd once at 0 and stops', () => {
    const onEnd = jest.fn();
    const c = new Countdown(systemClock, onEnd);
    c.start(3);
    jest.advanceTimersByTime(2_999);
    expect(onEnd).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(c.running).toBe(false);
    expect(c.deadline).toBeNull();
    jest.advanceTimersByTime(10_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('restarts from a new value', () => {
    const c = new Countdown(systemClock);
    c.start(10);
    jest.advanceTimersByTime(5_000);
    c.start(180);
    expect(c.label).toBe('03:00');
    jest.advanceTimersByTime(5_000);
    expect(c.label).toBe('02:55');
  });

  it('follows a deadline set elsewhere, ticking on its whole seconds (so tabs change together)', () => {
    const c = new Countdown(systemClock);
    c.setDeadline(Date.now() + 10_400);
    expect(c.label).toBe('00:11');
    jest.advanceTimersByTime(400);
    expect(c.label).toBe('00:10');
    jest.advanceTimersByTime(999);
    expect(c.label).toBe('00:10');
    jest.advanceTimersByTime(1);
    expect(c.label).toBe('00:09');
  });

  it('ends at once on a deadline already past', () => {
    const onEnd = jest.fn();
    const c = new Countdown(systemClock, onEnd);
    c.setDeadline(Date.now() - 1);
    expect(onEnd).toHaveBeenCalled();
    expect(c.running).toBe(false);
  });

  it('pause keeps the deadline without ticking; clear forgets it without onEnd', () => {
    const onEnd = jest.fn();
    const c = new Countdown(systemClock, onEnd);
    c.start(5);
    c.pause();
    expect(jest.getTimerCount()).toBe(0);
    expect(c.deadline).toBe(Date.now() + 5_000);
    c.clear();
    expect(c.deadline).toBeNull();
    expect(c.label).toBe('00:00');
    expect(onEnd).not.toHaveBeenCalled();
  });
});
