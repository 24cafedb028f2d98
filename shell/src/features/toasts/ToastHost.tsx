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

/** Toasts sent before the host mounted (an address rule's message during the first navigation), per bus. */
const early = new WeakMap<EventBus, { queue: ToastPayload[]; stop: () => void }>();

/**
 * Start-up: keep the toasts sent before the page is drawn (the router's first loaders run before React), for the
 * host to show once it mounts.
 */
export function bufferEarlyToasts(bus: EventBus): void {
  if (early.has(bus)) return;
  const queue: ToastPayload[] = [];
  const onShow = (payload: ToastPayload) => queue.push(payload);
  bus.on('toast:show', onShow);
  early.set(bus, { queue, stop: () => bus.off('toast:show', onShow) });
}

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
    const buffered = early.get(bus);
    if (buffered) {
      buffered.stop();
      early.delete(bus);
      for (const payload of buffered.queue.splice(0)) onShow(payload);
    }
    return () => bus.off('toast:show', onShow);
  }, [bus, session]);

  const onMounted = useCallback(() => {
    const s = state.current;
    s.mounted = true;
    for (const payload of s.queue.splice(0)) s.stack?.show(payload, session.userType);
  }, [session]);

  return stack ? <stack.ToastStack onMounted={onMounted} /> : null;
}
