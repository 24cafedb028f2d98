import { act, renderHook } from '@testing-library/react';
import { ApiError, bus, type ToastPayload } from '@excursio/shared';
import { useAction } from './useAction';

const toasts: ToastPayload[] = [];
const onToast = (t: ToastPayload) => toasts.push(t);
beforeEach(() => {
  toasts.length = 0;
  bus.on('toast:show', onToast);
});
afterEach(() => bus.off('toast:show', onToast));

describe('useAction', () => {
  it('is busy while the work runs and answers what it returned', async () => {
    const { result } = renderHook(() => useAction());
    let finish: (value: number) => void = () => undefined;
    let answer: Promise<number | undefined> = Promise.resolve(undefined);
    act(() => {
      answer = result.current.run(() => new Promise<number>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => finish(7));
    expect(await answer).toBe(7);
    expect(result.current.busy).toBe(false);
    expect(toasts).toEqual([]);
  });

  it('tells a failure in an error toast in Russian, not busy any more, and answers undefined', async () => {
    const { result } = renderHook(() => useAction());
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.run(() => Promise.reject(new ApiError(0, 'offline')));
    });
    expect(answer).toBeUndefined();
    expect(result.current.busy).toBe(false);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.type).toBe('error');
    expect(toasts[0]!.message).not.toBe('offline');
  });

  it('hands the failure to onError instead of a toast, or words the toast with errorText', async () => {
    const { result } = renderHook(() => useAction());
    const seen: unknown[] = [];
    const failure = new Error('нет мест');
    await act(async () => {
      await result.current.run(() => Promise.reject(failure), { onError: (f) => seen.push(f) });
    });
    expect(seen).toEqual([failure]);
    expect(toasts).toEqual([]);
    await act(async () => {
      await result.current.run(() => Promise.reject(failure), { errorText: (f) => (f as Error).message });
    });
    expect(toasts).toEqual([{ type: 'error', message: 'нет мест' }]);
  });
});
