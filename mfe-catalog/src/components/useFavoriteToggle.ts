import { useCallback, useEffect, useRef, useState } from 'react';
import { bus, session } from '@excursio/shared';

/** How long to wait, after the sign-in result, for the session to hold the signed-in user. */
const SIGN_IN_WAIT_MS = 15_000;
const FAILED = 'Не удалось изменить избранное. Попробуйте ещё раз.';

/**
 * Toggle an excursion in the favorites. Signed out, it opens the sign-in modal and adds the excursion
 * once the sign-in finishes ('auth:result'), as the visitor meant.
 */
export function useFavoriteToggle(excursionId: number) {
  const [busy, setBusy] = useState(false);
  const [awaitingSignIn, setAwaitingSignIn] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = useCallback(async () => {
    setBusy(true);
    try {
      await session.toggleFavorite(excursionId);
    } catch {
      bus.emit('toast:show', { type: 'error', message: FAILED });
    } finally {
      if (alive.current) setBusy(false);
    }
  }, [excursionId]);

  useEffect(() => {
    if (!awaitingSignIn) return undefined;
    let stopWaiting: (() => void) | null = null;
    const onSignedIn = () => {
      stopWaiting?.();
      const stop = new AbortController();
      stopWaiting = () => stop.abort();
      session
        .until(() => session.isSignedIn, { timeoutMs: SIGN_IN_WAIT_MS, signal: stop.signal })
        .then(() => {
          setAwaitingSignIn(false);
          if (!session.isFavorite(excursionId)) void run();
        })
        .catch(() => undefined);
    };
    bus.on('auth:result', onSignedIn);
    return () => {
      bus.off('auth:result', onSignedIn);
      stopWaiting?.();
    };
  }, [awaitingSignIn, excursionId, run]);

  const toggle = useCallback(() => {
    if (!session.isSignedIn) {
      setAwaitingSignIn(true);
      bus.emit('modal:open', { type: 'auth' });
      return;
    }
    void run();
  }, [run]);

  return { toggle, busy };
}
