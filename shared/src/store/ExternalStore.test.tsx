import { act, render, screen } from '@testing-library/react';
import { ExternalStore, useStore } from './ExternalStore';

class Counter extends ExternalStore {
  count = 0;
  label = 'a';
  add(): void {
    this.count += 1;
    this.changed();
  }
  rename(label: string): void {
    this.label = label;
    this.changed();
  }
}

describe('ExternalStore', () => {
  it('tells subscribers of each change until they unsubscribe, and moves its version', () => {
    const store = new Counter();
    const heard = jest.fn();
    const stop = store.subscribe(heard);
    const before = store.getVersion();
    store.add();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.getVersion()).toBe(before + 1);
    stop();
    store.add();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('watch runs the effect only when the selected value changes, with the previous one', () => {
    const store = new Counter();
    const effect = jest.fn();
    const stop = store.watch(() => store.count, effect);
    store.rename('b');
    expect(effect).not.toHaveBeenCalled();
    store.add();
    expect(effect).toHaveBeenCalledWith(1, 0);
    stop();
    store.add();
    expect(effect).toHaveBeenCalledTimes(1);
  });

  it('watch with `immediately` runs the effect at once too, and follows `equals`', () => {
    const store = new Counter();
    const effect = jest.fn();
    store.watch(() => ({ even: store.count % 2 === 0 }), effect, { immediately: true, equals: (a, b) => a.even === b.even });
    expect(effect).toHaveBeenCalledWith({ even: true }, undefined);
    store.add();
    expect(effect).toHaveBeenLastCalledWith({ even: false }, { even: true });
    store.rename('b');
    expect(effect).toHaveBeenCalledTimes(2);
  });

  it('until resolves at once when the predicate holds, or at the change that makes it hold', async () => {
    const store = new Counter();
    await expect(store.until(() => store.count === 0)).resolves.toBeUndefined();
    const waiting = store.until(() => store.count === 2);
    store.add();
    store.add();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('until rejects after its timeout and when aborted, and stops listening', async () => {
    jest.useFakeTimers();
    try {
      const store = new Counter();
      const timedOut = store.until(() => store.count > 5, { timeoutMs: 100 });
      jest.advanceTimersByTime(100);
      await expect(timedOut).rejects.toThrow('timed out');
      const controller = new AbortController();
      const aborted = store.until(() => store.count > 5, { signal: controller.signal });
      controller.abort();
      await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
      const heard = jest.fn();
      store.subscribe(heard);
      store.add();
      // only the test's own listener is left: both waits unsubscribed
      expect((store as unknown as { listeners: Set<unknown> }).listeners.size).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('useStore re-renders the component after a change', () => {
    const store = new Counter();
    function Shown() {
      const { count } = useStore(store);
      return <p>{`count ${count}`}</p>;
    }
    render(<Shown />);
    expect(screen.getByText('count 0')).toBeTruthy();
    act(() => store.add());
    expect(screen.getByText('count 1')).toBeTruthy();
  });
});
