import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, http, session } from '@excursio/shared';
import { renderInRouter } from '../testing/renderInRouter';
import { AuthModal } from './AuthModal';

beforeEach(() => {
  session.token = 'token-1';
  session.profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };
});
afterEach(() => jest.restoreAllMocks());

describe('./AuthModal', () => {
  it('shows the sign-in flow or the profile, as the shell asks', () => {
    const view = renderInRouter(<AuthModal type="profile" onClose={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    view.unmount();
    session.token = null;
    session.profile = null;
    renderInRouter(<AuthModal type="auth" onClose={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Вход или регистрация' })).toBeInTheDocument();
  });

  it('signing out (here or from the account menu) forgets the stored phone and countdown', async () => {
    jest.spyOn(http, 'request').mockResolvedValue({ status: true });
    window.localStorage.setItem('excursio.sign-in.phone', '79990000001');
    window.localStorage.setItem('excursio.sign-in.countdown', '{"deadline":1,"phone":"79990000001"}');
    renderInRouter(<AuthModal type="profile" onClose={jest.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(window.localStorage.getItem('excursio.sign-in.phone')).toBeNull());
    expect(window.localStorage.getItem('excursio.sign-in.countdown')).toBeNull();
    // the shell's account menu only emits the bus event
    window.localStorage.setItem('excursio.sign-in.phone', '79990000001');
    bus.emit('auth:signed-out');
    expect(window.localStorage.getItem('excursio.sign-in.phone')).toBeNull();
  });
});
