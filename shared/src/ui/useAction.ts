import { useCallback, useEffect, useRef, useState } from 'react';
import { bus } from '@excursio/shared';
import { failureText } from './failures';

export interface ActionOptions {
  /** Shows the failure in place (a form's or a field's error) instead of the error toast. */
  onError?: (failure: unknown) => void;
  /** The error toast's text (default: failureText, never the api's English validation text). */
  errorText?: (failure: unknown) => string;
}

export interface Action {
  /** True while an action runs: its buttons are disabled. */
  busy: boolean;
  /**
   * Runs `work`: busy until it settles; a failure becomes an error toast (or goes to `onError`) and the answer is
   * undefined. After the component is gone, nothing is set.
   */
  run: <T>(work: () => Promise<T>, options?: ActionOptions) => Promise<T | undefined>;
}

/** What a button or a form does on the page: the busy flag, the call, the failure told to the user. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const run = useCallback(async <T,>(work: () => Promise<T>, options: ActionOptions = {}): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await work();
    } catch (failure) {
      if (options.onError) options.onError(failure);
      else bus.emit('toast:show', { type: 'error', message: (options.errorText ?? failureText)(failure) });
      return undefined;
    } finally {
      if (alive.current) setBusy(false);
    }
  }, []);
  return { busy, run };
}
