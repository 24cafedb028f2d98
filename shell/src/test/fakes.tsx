// Test doubles shared by the shell's router-level tests: fake remotes, a fake session, a memory router.
import { createMemoryRouter } from 'react-router';
import { ExternalStore, type Profile, type RemoteRoutes } from '@excursio/shared';
import type { RouterFactory } from '../app/createAppRouter';
import type { SessionGate } from '../app/sessionGate';
import { RemoteUnavailableError } from '../features/remote-loading/remoteRegistry';

export const client: Profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };
export const partner: Profile = { id: 2, name: 'Михаил Орлов', phone: '79990000002', user_type: 'partner', avatar_path: null };
export const staff: Profile = { id: 3, name: 'Ольга Петрова', phone: '79990000003', user_type: 'staff', avatar_path: null };

class FakeStore<T> extends ExternalStore {
  /** Change some fields and tell the subscribers, as a real store's action does. */
  update(changes: Partial<T>): void {
    Object.assign(this, changes);
    this.changed();
  }
}

/** A store over `state` (its getters keep working, `this` being the store) that a test changes with `update`. */
export function fakeStore<T extends object>(state: T): T & FakeStore<T> {
  return Object.defineProperties(new FakeStore<T>(), Object.getOwnPropertyDescriptors(state)) as T & FakeStore<T>;
}

const digits = (name: string) => ({ params }: { params: Record<string, string | undefined> }) => /^\d+$/.test(params[name] ?? '');
const page = (title: string) => () => <h1>{title}</h1>;

/** Minimal remotes honouring the composition contract (relative paths, handle.layout, validate). */
export const fakeRemotes: Record<string, Record<string, RemoteRoutes>> = {
  'mfe_catalog/routes': {
    default: [
      { index: true, Component: page('Экскурсии с местными гидами'), handle: { layout: 'default' } },
      { path: 'excursion/:region', Component: page('Регион'), handle: { layout: 'default' } },
    ],
  },
  'mfe_user_account/routes': {
    default: [
      { index: true, Component: page('Кабинет путешественника'), handle: { layout: 'account' } },
      { path: 'ticket', lazy: async () => ({ Component: page('Мои билеты') }), handle: { layout: 'account' } },
      { path: 'reviews', Component: page('Мои отзывы'), handle: { layout: 'account-sub' } },
      { path: ':orderId', Component: page('Заказ'), handle: { layout: 'account', validate: digits('orderId') } },
    ],
  },
  'mfe_partner_account/routes': {
    default: [{ index: true, Component: page('Кабинет партнёра'), handle: { layout: 'account' } }],
  },
  'mfe_backoffice/routes': {
    default: [
      { id: 'backoffice.dashboard', index: true, Component: page('Сводка'), handle: { layout: 'backoffice' } },
      { id: 'backoffice.moderation', path: 'moderation', Component: page('Модерация'), handle: { layout: 'backoffice' } },
    ],
  },
  'mfe_notifications/routes': {
    user: [{ id: 'notifications.user', path: 'notification', Component: page('Все уведомления'), handle: { layout: 'account-notification' } }],
    partner: [{ id: 'notifications.partner', path: 'notification', Component: page('Все уведомления'), handle: { layout: 'account-notification' } }],
  },
};

/** loadRemote over a module table; a missing entry behaves like a remote that is down. */
export function fakeLoadRemote(modules: Record<string, unknown> = fakeRemotes) {
  return jest.fn(async (id: string) => {
    await Promise.resolve();
    if (!(id in modules)) throw new RemoteUnavailableError(id, new Error('ECONNREFUSED'));
    return modules[id];
  });
}

export function fakeSession(profile: Profile | null, afterToken: Profile = client): SessionGate & { restore: jest.Mock; useToken: jest.Mock } {
  const session = {
    profile,
    restore: jest.fn(async () => undefined),
    useToken: jest.fn(async () => {
      session.profile = afterToken;
    }),
  };
  return session;
}

export const memoryRouterAt = (path: string): RouterFactory => (routes, opts) => createMemoryRouter(routes, { ...opts, initialEntries: [path] });
