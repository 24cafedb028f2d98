import type { ModalType } from '../bus/events';

/** Props of the widgets the shell mounts into its slots (one declaration for the shell and the remote that exposes it). */

/** `mfe_auth/AuthModal` in the modal slot: sign-in, or the profile of the signed-in user. */
export interface AuthModalProps {
  type: ModalType;
  onClose: () => void;
}

/** `mfe_notifications/NotificationsPanel` in the side-panel slot. */
export interface NotificationsPanelProps {
  onClose: () => void;
}
