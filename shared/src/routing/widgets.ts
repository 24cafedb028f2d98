import type { ComponentType } from 'react';
import type { ModalType } from '../bus/events';
import type { UserType } from '../contracts/common';

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

/** `mfe_notifications/OrderChat`: the conversation of one order, on the customer's and the partner's order page. */
export interface OrderChatProps {
  orderId: number;
  /** Whose order page shows it. */
  userType: Exclude<UserType, 'staff'>;
}

/**
 * `mfe_notifications/SupportCenter`: the account's support tickets and their conversations, on the customer's and the
 * partner's support page (one support model for both; `?ticket=ID` opens one, `?order=ID` starts one about an order).
 */
export interface SupportCenterProps {
  userType: Exclude<UserType, 'staff'>;
}

/** `mfe_notifications/realtime`: the page's realtime connection, started by the shell once someone is signed in. */
export interface RealtimeModule {
  /** Idempotent; the module follows the session itself (rebuilt on a new token, left on sign-out). */
  startRealtime(): void;
}

/** Widgets a remote may place in its own pages; the shell provides each (loaded from its remote at run time). */
export interface PageWidgets {
  OrderChat: OrderChatProps;
  SupportCenter: SupportCenterProps;
}

export type PageWidgetName = keyof PageWidgets;

/**
 * Remotes never import each other: the shell provides a page widget here (a component that loads its remote,
 * with its own loading and failure states) and a remote's page takes it by name.
 */
export function createWidgetRegistry() {
  const provided = new Map<PageWidgetName, ComponentType<never>>();
  return {
    provide<N extends PageWidgetName>(name: N, component: ComponentType<PageWidgets[N]>): void {
      provided.set(name, component as ComponentType<never>);
    },
    /** The widget, or null where no shell provides it (a remote rendered alone, a unit test). */
    get<N extends PageWidgetName>(name: N): ComponentType<PageWidgets[N]> | null {
      return (provided.get(name) as ComponentType<PageWidgets[N]> | undefined) ?? null;
    },
  };
}

export type WidgetRegistry = ReturnType<typeof createWidgetRegistry>;
