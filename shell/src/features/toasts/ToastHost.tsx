import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import type { EventBus, ToastPayload, UserType } from '@excursio/shared';
import { ChatToast } from './ChatToast';
import { chatOrderLink } from './chatOrderLink';
import { ToastCloseButton } from './ToastCloseButton';
import './toasts.css';

/** Spec §9: toasts vanish after 10 seconds. */
export const TOAST_LIFETIME_MS = 10_000;

export interface ToastHostProps {
  bus: EventBus;
  /** Who receives the toasts (decides where a chat toast links). */
  session: { readonly userType: UserType | null };
}

const CONTAINER_ID = 'shell-toasts';

function show(payload: ToastPayload, receiver: UserType | null): void {
  const common = { containerId: CONTAINER_ID, autoClose: TOAST_LIFETIME_MS, icon: false as const };
  const { chat } = payload;
  if (payload.type === 'chat' && chat) {
    const orderLink = chatOrderLink(chat.order_id, receiver);
    toast(({ closeToast }) => <ChatToast chat={chat} message={payload.message} orderLink={orderLink} onFollow={closeToast} />, {
      ...common,
      className: 'sh-toast sh-toast--chat',
    });
    return;
  }
  const kind = payload.type === 'error' ? 'error' : 'info';
  toast(<p className="sh-toast__message">{payload.message}</p>, { ...common, className: `sh-toast sh-toast--${kind}` });
}

/** Spec overlay 3: the toast stack at the bottom right, fed only through bus 'toast:show'. */
export function ToastHost({ bus, session }: ToastHostProps) {
  useEffect(() => {
    const onShow = (payload: ToastPayload) => show(payload, session.userType);
    bus.on('toast:show', onShow);
    return () => bus.off('toast:show', onShow);
  }, [bus, session]);

  return (
    <ToastContainer
      containerId={CONTAINER_ID}
      position="bottom-right"
      autoClose={TOAST_LIFETIME_MS}
      closeButton={ToastCloseButton}
      closeOnClick={false}
      hideProgressBar
      newestOnTop
      limit={5}
      aria-label="Уведомления сайта"
    />
  );
}
