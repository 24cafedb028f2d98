import { yieldToMain } from './yieldToMain';

describe('yieldToMain', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
    jest.useRealTimers();
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldFn };
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('otherwise goes on only after a timer task, not in the same task', async () => {
    jest.useFakeTimers();
    let resumed = false;
    const pending = yieldToMain().then(() => {
      resumed = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(resumed).toBe(false); // microtasks alone do not let it through: the browser gets its turn first
    jest.runOnlyPendingTimers();
    await pending;
    expect(resumed).toBe(true);
  });
});
