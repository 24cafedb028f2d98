import { useEffect, useState } from 'react';
import type { Suggestions } from '@excursio/shared';
import { searchApi } from '../api/search';

const DEBOUNCE_MS = 250;
const EMPTY: Suggestions = { cities: [], places: [], excursions: [], corrected: null };

/** Suggestions for what is typed (from 2 letters), debounced; earlier requests are aborted. */
export function useSuggestions(text: string): Suggestions {
  const [found, setFound] = useState<Suggestions>(EMPTY);
  const q = text.trim();
  useEffect(() => {
    if (q.length < 2) {
      setFound(EMPTY);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchApi
        .suggest(q, controller.signal)
        .then((res) => setFound(res.data))
        .catch(() => {
          if (!controller.signal.aborted) setFound(EMPTY);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return found;
}
