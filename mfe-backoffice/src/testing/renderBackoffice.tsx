import { configure, render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session, type Profile, type StaffMe } from '@excursio/shared';
import { backofficeRoutes } from '../features/routing/backofficeRoutes';
import { ok } from './fakeApi';

export const OLGA: Profile = { id: 3, name: 'Ольга Петрова', phone: '79990000003', user_type: 'staff', avatar_path: null };
export const STAFF_ME: StaffMe = { id: 3, name: 'Ольга Петрова', role: 'staff', refund_limit: 5000 };
export const ADMIN_ME: StaffMe = { id: 4, name: 'Игорь Смирнов', role: 'admin', refund_limit: 5000 };

/** GET /api/staff/me for a fake api table. */
export const meRoute = (me: StaffMe = STAFF_ME) => ({ 'GET /api/staff/me': () => ok(me) });

/** Sign the shared session in as staff (what the shell's guard guarantees for these pages). */
export function signInStaff(profile: Profile = OLGA): void {
  session.token = 'token';
  session.profile = profile;
}

// the machine running the tests may be busy: wait longer than the default second for what a page shows
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

// React records a form's status when its submit starts a transition (the filter forms set the address) and builds
// FormData(form, submitter), which this jsdom refuses for the event's form. Browsers do not; the pages never read that
// status, so in tests it is an empty FormData.
const JsdomFormData = globalThis.FormData;
globalThis.FormData = class extends JsdomFormData {
  constructor() {
    super();
  }
} as typeof FormData;

/** Import every page before the file's tests run (a first import on a loaded machine can outlast a findBy). */
beforeAll(async () => {
  const lazies = backofficeRoutes.flatMap((route) => route.children ?? []);
  await Promise.all(lazies.map((route) => (typeof route.lazy === 'function' ? route.lazy() : undefined)));
}, 30_000);

/** Mount the back office where the shell mounts it. */
export function renderBackoffice(url: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      { path: '/backoffice', HydrateFallback: () => null, children: backofficeRoutes },
      { path: '*', Component: () => <h1>Другая страница</h1> },
    ],
    { initialEntries: [url] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}
