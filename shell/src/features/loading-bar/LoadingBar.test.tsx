import { act, render, screen } from '@testing-library/react';
import { createEventBus } from '@excursio/shared';
import { LOADING_BAR_TIMINGS, LoadingBar } from './LoadingBar';
import { LoadingStore } from './LoadingStore';

const bar = () => screen.queryByTestId('loading-bar');
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('LoadingBar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('uses the spec timings', () => {
    expect(LOADING_BAR_TIMINGS).toEqual({ throttleMs: 200, durationMs: 2000, hideDelayMs: 500 });
  });

  it('stays hidden for work shorter than the 200 ms throttle', () => {
    const { rerender } = render(<LoadingBar active />);
    advance(199);
    expect(bar()).toBeNull();
    rerender(<LoadingBar active={false} />);
    advance(1000);
    expect(bar()).toBeNull();
  });

  it('shows after 200 ms and creeps over the 2000 ms duration', () => {
    render(<LoadingBar active />);
    advance(199);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
    expect(bar()).toHaveAttribute('data-phase', 'running');
    expect(bar()?.style.getPropertyValue('--sh-loading-duration')).toBe('2000ms');
  });

  it('completes and hides 500 ms after the work finished', () => {
    const { rerender } = render(<LoadingBar active />);
    advance(300);
    rerender(<LoadingBar active={false} />);
    expect(bar()).toHaveAttribute('data-phase', 'done');
    advance(499);
    expect(bar()).not.toBeNull();
    advance(1);
    expect(bar()).toBeNull();
  });

  it('carries on when new work starts during the hide delay', () => {
    const { rerender } = render(<LoadingBar active />);
    advance(250);
    rerender(<LoadingBar active={false} />);
    advance(300);
    rerender(<LoadingBar active />);
    expect(bar()).toHaveAttribute('data-phase', 'running');
    advance(1000);
    expect(bar()).toHaveAttribute('data-phase', 'running');
  });
});

describe('LoadingStore', () => {
  it('is active while any bus work is pending', () => {
    const bus = createEventBus();
    const store = new LoadingStore();
    const disconnect = store.connect(bus);
    bus.emit('loading:start', { id: 'a' });
    bus.emit('loading:start', { id: 'b' });
    bus.emit('loading:finish', { id: 'a' });
    expect(store.active).toBe(true);
    bus.emit('loading:finish', { id: 'b' });
    expect(store.active).toBe(false);
    disconnect();
    bus.emit('loading:start', { id: 'c' });
    expect(store.active).toBe(false);
  });
});
