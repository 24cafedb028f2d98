import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './useFocusTrap';
import { useScrollLock } from './useScrollLock';
import './OverlayFrame.css';

export interface OverlayFrameProps {
  /** 'modal': centred dialog; 'panel': side panel on the right. */
  variant: 'modal' | 'panel';
  /** Accessible name of the dialog. */
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/** The frame the shell draws around remote widgets: backdrop, close button, Esc, focus trap, scroll lock. */
export function OverlayFrame({ variant, label, onClose, children }: OverlayFrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock();
  useFocusTrap(dialogRef);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    const target = dialogRef.current;
    target?.addEventListener('keydown', onKeyDown);
    return () => target?.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return createPortal(
    // The backdrop: a click outside the dialog closes it, a pointer shortcut for Esc and the close button.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the keyboard's way out is Esc (the listener above) and the close button
    <div
      className={`sh-overlay sh-overlay--${variant}`}
      data-testid={`${variant}-backdrop`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="sh-overlay__dialog"
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a <dialog> shown without showModal() is not modal (no top layer, no inert page); the frame draws its own backdrop, focus trap and Esc, and pages look for [role="dialog"][aria-modal="true"]
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="sh-visually-hidden">
          {label}
        </h2>
        <button type="button" className="sh-overlay__close sh-icon-button" aria-label="Закрыть" title="Закрыть" onClick={onClose}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="sh-overlay__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
