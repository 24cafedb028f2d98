import type { CloseButtonProps } from 'react-toastify';

/** The toast's close button (Russian label, inherits the toast's text colour). */
export function ToastCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button type="button" className="sh-toast__close" aria-label="Закрыть уведомление" onClick={closeToast}>
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
        <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
