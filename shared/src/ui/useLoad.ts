import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data (after a change the api answered with). */
  set: (data: T) => void;
}

/** Runs `load` whenever `key` changes (and on reload); a stale answer never overwrites a newer one. */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current().then(
      (data) => ticket === latest.current && setState({ data, error: null, loading: false }),
      (error: unknown) => ticket === latest.current && setState((s) => ({ ...s, error, loading: false })),
    );
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((data: T) => setState({ data, error: null, loading: false }), []);
  return { ...state, reload, set };
}
