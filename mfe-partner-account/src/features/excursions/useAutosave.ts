// Saves a form's value a moment after the last change (the excursion editor's draft).
import { useEffect, useRef, useState } from 'react';

/** Calls `save` `delayMs` after the value last changed (not on mount); the state of the last save. */
export function useAutosave<T>(value: T, save: (value: T) => Promise<void>, delayMs = 800): 'idle' | 'saving' | 'saved' | 'failed' {
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const first = useRef(true);
  const saveRef = useRef(save);
  saveRef.current = save;
  const serialized = JSON.stringify(value);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      setState('saving');
      saveRef.current(JSON.parse(serialized) as T).then(
        () => setState('saved'),
        () => setState('failed'),
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [serialized, delayMs]);
  return state;
}
