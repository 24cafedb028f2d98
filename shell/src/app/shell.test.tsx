import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { RouterProvider } from 'react-router';
import { createEventBus, type AuthModalProps, type NotificationsPanelProps, type Profile } from '@excursio/shared';
import { createRemoteWidget } from '../features/remote-loading/remoteWidget';
import { client, fakeLoadRemote, fakeRemotes, fakeStore, memoryRouterAt } from '../test/fakes';
import { createAppRouter } from './createAppRouter';
import { bufferEarlyToasts } from '../features/toasts/ToastHost';
import { createShellComponents } from './shellComponents';
import { createUiStore } from './uiStore';

function FakeAuthModal({ type }: AuthModalProps) {
  return <p>Вход по номеру телефона ({type})</p>;
}

function FakePanel(_props: NotificationsPanelProps) {
  return <p>Новых уведомлений нет</p>;
}

interface StartOptions {
  profile?: Profile | null;
  modules?: Record<string, unknown>;
  AuthModal?: ComponentType<AuthModalProps>;
  /** Holds the catalog's modules back until it resolves (a slow home page). */
  hold?: Promise<void>;
}

/** A promise and the function that resolves it. */
function held() {
  let release = () => undefined as void;
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { hold, release };
}

function start(path: string, { profile = null, modules = fakeRemotes, AuthModal = FakeAuthModal, hold }: StartOptions = {}) {
  const bus = createEventBus();
  bufferEarlyToasts(bus);
  const session = fakeStore({
    profile: profile as Profile | null,
    restored: true,
    get userType() {
      return this.profile?.user_type ?? null;
    },
    restore: async () => undefined,
    useToken: async () => undefined,
  });
  const ui = createUiStore(bus);
  const signOut = jest.fn(async () => {
    session.update({ profile: null });
  });
  const root = createShellComponents({ ui, bus, session, widgets: { AuthModal, NotificationsPanel: FakePanel }, signOut, userAgent: 'Mozilla/5.0 jsdom' });
  const load = fakeLoadRemote(modules);
  const loadRemote = hold ? async (id: string) => (id.startsWith('mfe_catalog/') ? hold.then(() => load(id)) : load(id)) : load;
  const router = createAppRouter({ root, loadRemote, session, bus, createRouter: memoryRouterAt(path) });
  render(<RouterProvider router={router} />);
  return { bus, router, ui, signOut };
}

describe('the composed shell', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.scrollTo = jest.fn();
  });
  afterEach(() => jest.restoreAllMocks());

  it('keeps header and footer around the fallback of a remote that is down', async () => {
    const { 'mfe_catalog/routes': _down, ...modules } = fakeRemotes;
    start('/', { modules });
    const fallback = await screen.findByRole('heading', { name: 'Раздел временно недоступен' });
    expect(screen.getByRole('main')).toContainElement(fallback);
    expect(screen.getByRole('banner')).toHaveTextContent('Excursio');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Соглашение гида и путешественника');
  });

  it('shows the error page for an unknown address inside the site frame', async () => {
    start('/nowhere');
    expect(await screen.findByRole('link', { name: 'Вернуться на главную' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('opens the sign-in modal when a signed-out visitor is turned away from the account', async () => {
    const { router } = start('/account/user/ticket');
    // the frame is drawn again when the first navigation settles: look for the dialog after that, not before
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(await screen.findByRole('dialog', { name: 'Вход в Excursio' })).toBeInTheDocument();
    expect(screen.getByText('Вход по номеру телефона (auth)')).toBeInTheDocument();
  });

  it('draws a modal asked for while the first page loads once, when the page is there: nothing typed in it is lost', async () => {
    function TypingAuthModal() {
      return <input aria-label="Номер телефона" autoFocus />;
    }
    const { hold, release } = held();
    const { router, ui } = start('/account/user/ticket', { AuthModal: TypingAuthModal, hold });
    // the account guard asked for the modal and sent the visitor to '/', whose remote is still loading
    await waitFor(() => expect(ui.modal.isOpen).toBe(true));
    expect(router.state.initialized).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => release());
    const field = await screen.findByRole('textbox', { name: 'Номер телефона' });
    await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' });
    act(() => {
      fireEvent.change(field, { target: { value: '9991234567' } });
    });
    // later renders of the page keep the same dialog: the field and its value stay, the focus stays in it
    await act(async () => router.navigate('/?sort=price'));
    expect(screen.getByRole('textbox', { name: 'Номер телефона' })).toBe(field);
    expect(field).toHaveValue('9991234567');
    expect(field).toHaveFocus();
  });

  it('shows a toast sent while the first page loads once the page is there, and keeps it', async () => {
    const { hold, release } = held();
    const { bus, router } = start('/', { hold });
    act(() => bus.emit('toast:show', { type: 'error', message: 'Ссылка для входа недействительна или устарела' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.initialized).toBe(false);
    await act(async () => release());
    await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' });
    expect(await screen.findByText('Ссылка для входа недействительна или устарела')).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Ссылка для входа недействительна или устарела')).toBeInTheDocument();
  });

  it('opens the sign-in modal from «Войти»', async () => {
    start('/', { profile: null });
    await act(async () => screen.getByRole('button', { name: 'Войти' }).click());
    expect(screen.getByRole('dialog', { name: 'Вход в Excursio' })).toBeInTheDocument();
  });

  it('shows the account layout with the menu and signs out with «Выйти»', async () => {
    const { router, signOut } = start('/account/user', { profile: client });
    expect(await screen.findByRole('heading', { name: 'Кабинет путешественника' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Профиль: Анна Смирнова' })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Уведомления' }).click());
    expect(screen.getByRole('dialog', { name: 'Уведомления' })).toHaveTextContent('Новых уведомлений нет');
    await act(async () => screen.getByRole('button', { name: 'Закрыть' }).click());

    await act(async () => screen.getByRole('button', { name: 'Выйти' }).click());
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
  });

  it('shows toasts sent on the bus', async () => {
    const { bus } = start('/');
    await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' });
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось сохранить' }));
    expect(await screen.findByText('Не удалось сохранить')).toBeInTheDocument();
  });

  it('shows the fallback inside the modal when the auth remote is down, the page stays', async () => {
    const AuthModal = createRemoteWidget<AuthModalProps>(() => Promise.reject(new Error('ECONNREFUSED')), 'mfe_auth/AuthModal');
    const { bus } = start('/', { AuthModal });
    await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' });
    act(() => bus.emit('modal:open', {}));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Раздел временно недоступен')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
  });
});
