// The toast stack itself (react-toastify): loaded by ToastHost with the first toast, not with the page.
import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import type { ToastPayload, UserType } from '@excursio/shared';
import { ChatToast } from './ChatToast';
import { chatOrderLink } from './chatOrderLink';
import { ToastCloseButton } from './ToastCloseButton';
import { TOAST_LIFETIME_MS } from './toastLifetime';

const CONTAINER_ID = 'shell-toasts';

export function show(payload: ToastPayload, receiver: UserType | null): void {
  const common = { containerId: CONTAINER_ID, autoClose: TOAST_LIFETIME_MS, icon: false as const };
  const { chat } = payload;
  if (payload.type === 'chat' && chat) {
    const orderLink = chatOrderLink(chat.order_id, receiver);
    toast(({ closeToast }) => <ChatToast chat={chat} message={payload.message} orderLink={orderLink} onFollow={closeToast} />, {
      ...common,
      role: 'status',
      className: 'sh-toast sh-toast--chat',
    });
    return;
  }
  const kind = payload.type === 'error' ? 'error' : 'info';
  // errors interrupt (an alert), everything else waits for a pause in what the reader says (a status)
  toast(<p className="sh-toast__message">{payload.message}</p>, { ...common, role: kind === 'error' ? 'alert' : 'status', className: `sh-toast sh-toast--${kind}` });
}

/** The container; `onMounted` runs once it can take toasts. */
export function ToastStack({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
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
      aria-label="Уведомления сайта (Alt+T)"
    />
  );
}
