import { useEffect } from 'react';
import { excursionsApi } from '../../api/excursions';

const VISITOR_KEY = 'excursio.visitor';

/** A random id this browser keeps for counting unique visitors (no personal data; the api stores only its hash). */
export function visitorId(storage: Storage | undefined = globalThis.localStorage): string {
  try {
    const kept = storage?.getItem(VISITOR_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const fresh = globalThis.crypto.randomUUID().replace(/-/g, '');
    storage?.setItem(VISITOR_KEY, fresh);
    return fresh;
  } catch {
    // Storage refused (private mode): count this page view on its own.
    return globalThis.crypto.randomUUID().replace(/-/g, '');
  }
}

/** Tells the api the excursion page was seen (once per mount; a failure is nobody's business). */
export function sendView(excursionId: number): void {
  excursionsApi.view(excursionId, visitorId()).catch(() => undefined);
}

/** The excursion page's view beacon (the partner's statistics count unique visitors per day). */
export function useViewBeacon(excursionId: number): void {
  useEffect(() => {
    sendView(excursionId);
  }, [excursionId]);
}
