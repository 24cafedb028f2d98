import type { ComponentType, ReactNode } from 'react';
import type { AuthModalProps, EventBus, NotificationsPanelProps, Profile, Subscribable, UserType } from '@excursio/shared';
import { SiteFooter } from '../features/chrome/SiteFooter';
import { SiteHeader } from '../features/chrome/SiteHeader';
import { NavigationLoadingBar } from '../features/loading-bar/NavigationLoadingBar';
import { ModalSlot } from '../features/modal-slot/ModalSlot';
import { RouteAnnouncer } from '../features/route-focus/RouteAnnouncer';
import { SidePanelSlot } from '../features/side-panel/SidePanelSlot';
import { ToastHost } from '../features/toasts/ToastHost';
import { unchanging } from '../ui/unchanging';
import type { UiStore } from './uiStore';
import './AppFrame.css';

export interface FrameSession extends Subscribable {
  readonly profile: Profile | null;
  readonly restored: boolean;
  readonly userType: UserType | null;
}

/**
 * The session as the server and the prerendered frame know it: nobody yet (the page's script checks the stored
 * token), and it never changes there.
 */
export const UNKNOWN_SESSION: FrameSession = unchanging({ profile: null, restored: false, userType: null });

export interface FrameDeps {
  ui: UiStore;
  bus: EventBus;
  session: FrameSession;
  widgets: {
    AuthModal: ComponentType<AuthModalProps>;
    NotificationsPanel: ComponentType<NotificationsPanelProps>;
  };
}

export interface AppFrameProps extends FrameDeps {
  /**
   * The router has not finished its first navigation: the bar runs, and the toasts, the modal and the side panel wait.
   * This frame is replaced by the page's own when the navigation settles, so an overlay drawn here would be drawn again
   * there, losing what the visitor typed and where their focus was, and a toast shown here would vanish. The stores
   * keep the requests and `bufferEarlyToasts` the toasts: a modal asked for now («Войти», an account page signed out)
   * opens, and a toast sent now (an expired sign-in link) shows, as soon as the page is there.
   */
  initializing?: boolean;
  children: ReactNode;
}

/** Everything around a page: loading bar, header, footer, toasts, modal and side-panel slots. */
export function AppFrame({ ui, bus, session, widgets, initializing, children }: AppFrameProps) {
  return (
    <div className="sh-app">
      <a className="sh-skip-link" href="#main">
        К содержимому
      </a>
      <NavigationLoadingBar loading={ui.loading} initializing={initializing} />
      <RouteAnnouncer />
      <SiteHeader
        session={session}
        unread={ui.unread}
        onSignIn={() => bus.emit('modal:open', { type: 'auth' })}
        onOpenProfile={() => bus.emit('modal:open', { type: 'profile' })}
        onToggleNotifications={() => bus.emit('notifications:toggle', {})}
      />
      <main id="main" className="sh-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      {!initializing && (
        <>
          <ToastHost bus={bus} session={session} />
          <ModalSlot store={ui.modal} AuthModal={widgets.AuthModal} />
          <SidePanelSlot store={ui.panel} Panel={widgets.NotificationsPanel} />
        </>
      )}
    </div>
  );
}
