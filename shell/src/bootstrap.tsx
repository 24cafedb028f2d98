// Tokens and base styles first, so feature styles (imported below) override the base rules.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { bus, loadRuntimeConfig, session } from '@excursio/shared';
import { createAppRouter } from './app/createAppRouter';
import { gateSession } from './app/sessionGate';
import { createShellComponents } from './app/shellComponents';
import { createUiStore } from './app/uiStore';
import type { AuthModalProps } from './features/modal-slot/ModalSlot';
import { createRemoteRegistry, fetchRemoteList } from './features/remote-loading/remoteRegistry';
import { createRemoteWidget } from './features/remote-loading/remoteWidget';
import type { NotificationsPanelProps } from './features/side-panel/SidePanelSlot';
import { remoteFailurePlugin } from './runtime-plugin/remoteFailurePlugin';

// Start-up: nothing here waits before the first paint; the router awaits what a page needs.
registerPlugins([remoteFailurePlugin()]);
const configReady = loadRuntimeConfig();
const registry = createRemoteRegistry({
  remotes: fetchRemoteList('/remotes.json'),
  runtime: { registerRemotes, loadRemote },
  bus,
});
const sessionGate = gateSession(session, configReady);
void sessionGate.restore();
void configReady.then(() => session.loadCommission());

const ui = createUiStore(bus);
const root = createShellComponents({
  ui,
  bus,
  session,
  widgets: {
    AuthModal: createRemoteWidget<AuthModalProps>(() => registry.load('mfe_auth/AuthModal'), 'mfe_auth/AuthModal'),
    NotificationsPanel: createRemoteWidget<NotificationsPanelProps>(
      () => registry.load('mfe_notifications/NotificationsPanel'),
      'mfe_notifications/NotificationsPanel',
    ),
  },
  signOut: async () => {
    await session.signOut();
    bus.emit('auth:signed-out');
  },
});
const router = createAppRouter({ root, loadRemote: (id) => registry.load(id), session: sessionGate, bus });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
