import { startTransition, useEffect, useRef, useState } from 'react';

export type SectionState<T> = { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'hidden' };

/**
 * Items of a secondary block of a page, loaded once after the page shows. A failed call or an empty answer
 * hides the block without a word (spec §8: such failures are ignored). The block is rendered as a transition, so
 * React yields to input while it builds it (a page with several blocks no longer holds the main thread).
 */
export function useSection<T>(load: () => Promise<T[]>): SectionState<T> {
  const [state, setState] = useState<SectionState<T>>({ status: 'loading' });
  // The call of the first render: a block is loaded once per mount.
  const firstLoad = useRef(load);
  useEffect(() => {
    let alive = true;
    firstLoad
      .current()
      .then((items) => {
        if (alive) startTransition(() => setState(items.length > 0 ? { status: 'ready', items } : { status: 'hidden' }));
      })
      .catch(() => {
        if (alive) startTransition(() => setState({ status: 'hidden' }));
      });
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
