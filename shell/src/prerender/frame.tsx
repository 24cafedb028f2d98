// Build-time only (never bundled into the page): the markup the shell shows before its first navigation — header,
// an empty page area with the loading bar running, footer — rendered once to HTML and written into index.html.
// The browser paints it as soon as the HTML and the stylesheet arrive, instead of a blank page until ~150 KB of
// script has run; React then replaces it with the same markup (createRoot, so nothing has to match exactly).
import { renderToString } from 'react-dom/server';
// A memory router to give the links a router context; react-router is imported directly because this module runs
// in Node at build time and is not part of any bundle the page loads.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createEventBus } from '@excursio/shared';
import { createShellComponents } from '../app/shellComponents';
import { UNKNOWN_SESSION } from '../app/AppFrame';
import { createUiStore } from '../app/uiStore';

const Nothing = () => null;

/** The shell's HydrateFallback — the very component the client renders first — as an HTML string. */
export function renderFrame(): string {
  const bus = createEventBus();
  const ui = createUiStore(bus);
  const { HydrateFallback } = createShellComponents({
    ui,
    bus,
    // the session is unknown until the page's script checks the stored token: the header shows its pending slot
    session: UNKNOWN_SESSION,
    widgets: { AuthModal: Nothing, NotificationsPanel: Nothing },
    signOut: async () => undefined,
  });
  const router = createMemoryRouter([{ path: '*', Component: HydrateFallback }], { initialEntries: ['/'] });
  try {
    return renderToString(<RouterProvider router={router} />);
  } finally {
    ui.disconnect();
    router.dispose();
  }
}
