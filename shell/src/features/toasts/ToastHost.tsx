import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventBus, ToastPayload, UserType } from '@excursio/shared';
import './toasts.css';

export { TOAST_LIFETIME_MS } from './toastLifetime';

export interface ToastHostProps {
  bus: EventBus;
  /** Who receives the toasts (decides where a chat toast links). */
  session: { readonly userType: UserType | null };
}

type Stack = typeof import('./ToastStack');
const loadStack = (): Promise<Stack> => import(/* webpackChunkName: "toasts" */ './ToastStack');

/**
 * Spec overlay 3: the toast stack at the bottom right, fed only through bus 'toast:show'.
 * Most pages never show a toast, so the stack (react-toastify, ~10 KB) is fetched with the first one; toasts that
 * arrive meanwhile wait in a queue and are shown in order once it is mounted.
 */
export function ToastHost({ bus, session }: ToastHostProps) {
  const [stack, setStack] = useState<Stack | null>(null);
  const state = useRef<{ stack: Stack | null; mounted: boolean; loading: boolean; queue: ToastPayload[] }>({
    stack: null,
    mounted: false,
    loading: false,
    queue: [],
  });

  useEffect(() => {
    const s = state.current;
    const onShow = (payload: ToastPayload) => {
      if (s.stack && s.mounted) {
        s.stack.show(payload, session.userType);
        return;
      }
      s.queue.push(payload);
      if (s.loading || s.stack) return;
      s.loading = true;
      loadStack().then(
        (module) => {
          s.stack = module;
          setStack(() => module);
        },
        (error: unknown) => {
          // offline or a redeploy: the next toast tries again
          s.loading = false;
          console.error('toasts: the toast stack could not be loaded', error);
        },
      );
    };
    bus.on('toast:show', onShow);
    return () => bus.off('toast:show', onShow);
  }, [bus, session]);

  const onMounted = useCallback(() => {
    const s = state.current;
    s.mounted = true;
    for (const payload of s.queue.splice(0)) s.stack?.show(payload, session.userType);
  }, [session]);

  return stack ? <stack.ToastStack onMounted={onMounted} /> : null;
}
