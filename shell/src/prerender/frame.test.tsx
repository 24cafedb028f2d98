import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createEventBus } from '@excursio/shared';
import { createAppRouter } from '../app/createAppRouter';
import { createShellComponents } from '../app/shellComponents';
import { UNKNOWN_SESSION } from '../app/AppFrame';
import { createUiStore } from '../app/uiStore';
import { memoryRouterAt } from '../test/fakes';
import { renderFrame } from './frame';

/** Markup as the browser would show it: no React text separators, generated ids replaced by one token. */
function normalise(html: string): string {
  const ids = [...html.matchAll(/\sid="([^"]*[«_:][^"]*)"/g)].map((m) => m[1] as string);
  let out = html.replace(/<!-- -->/g, '');
  for (const id of ids) out = out.split(`"${id}"`).join('"(id)"');
  return out;
}

describe('the pre-rendered start-up frame (index.html)', () => {
  it('has the header, an empty page area and the footer, and no sign-in state yet', () => {
    const html = renderFrame();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('header a[href="/"]')?.textContent).toBe('Excursio');
    expect([...doc.querySelectorAll('header nav a')].map((a) => a.getAttribute('href'))).toEqual(['/excursion', '/excursion/cities']);
    expect(doc.querySelector('main#main .sh-page-placeholder[aria-busy="true"]')).not.toBeNull();
    expect(doc.querySelector('footer a[href="/docs/terms"]')?.textContent).toBe('Условия использования');
    // the visitor is not known until the stored token is checked: neither «Войти» nor an account link
    expect(doc.body.textContent).not.toContain('Войти');
    expect(doc.querySelector('.sh-header__pending')).not.toBeNull();
    expect(html).not.toMatch(/<script/i);
  });

  it('is exactly what the shell renders first in the browser, so nothing jumps when React takes over', () => {
    const bus = createEventBus();
    const session = { ...UNKNOWN_SESSION, restore: () => new Promise<void>(() => undefined), useToken: async () => undefined };
    const root = createShellComponents({
      ui: createUiStore(bus),
      bus,
      session,
      widgets: { AuthModal: () => null, NotificationsPanel: () => null },
      signOut: async () => undefined,
    });
    // the catalog's routes never arrive: the router stays on its first screen (HydrateFallback)
    const router = createAppRouter({ root, loadRemote: () => new Promise(() => undefined), session, bus, createRouter: memoryRouterAt('/') });
    const { container } = render(<RouterProvider router={router} />);
    expect(normalise(container.innerHTML)).toBe(normalise(renderFrame()));
  });
});
