import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, http, session } from '@excursio/shared';
import { ProfileCard } from './ProfileCard';
import { renderInRouter } from '../../testing/renderInRouter';

beforeEach(() => {
  session.token = 'token-1';
  session.profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };
});
afterEach(() => jest.restoreAllMocks());

describe('profile modal', () => {
  it('shows who is signed in with a link to their account', () => {
    renderInRouter(<ProfileCard onClose={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Анна Смирнова' })).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-01')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/account/user');
  });

  it('signs out: revokes the token, tells the page and closes', async () => {
    const revoke = jest.spyOn(http, 'request').mockResolvedValue({ status: true });
    const emit = jest.spyOn(bus, 'emit');
    const onClose = jest.fn();
    renderInRouter(<ProfileCard onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(revoke).toHaveBeenCalledWith('POST', '/api/sso/logout');
    expect(emit).toHaveBeenCalledWith('auth:signed-out');
    expect(session.profile).toBeNull();
    expect(session.token).toBeNull();
  });

  it('links a partner to the partner account', () => {
    session.profile = { id: 2, name: 'Михаил Орлов', phone: '79990000002', user_type: 'partner', avatar_path: null };
    renderInRouter(<ProfileCard onClose={jest.fn()} />);
    expect(screen.getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/account/partner');
  });
});

describe('profile modal: the name', () => {
  it('asks a new account for its name; «Не сейчас» closes', async () => {
    session.profile = { id: 5, name: 'Путешественник', phone: '79161234567', user_type: 'client', avatar_path: null };
    const onClose = jest.fn();
    renderInRouter(<ProfileCard onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Как к вам обращаться?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Ваше имя')).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Не сейчас' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('changes the name, refreshing the session; errors show at the field', async () => {
    const request = jest
      .spyOn(http, 'request')
      .mockRejectedValueOnce(new ApiError(422, 'В имени должны быть буквы.', { name: ['В имени должны быть буквы.'] }))
      .mockResolvedValueOnce({ status: true, data: {} });
    const reload = jest.spyOn(session, 'loadProfile').mockResolvedValue();
    const user = userEvent.setup();
    renderInRouter(<ProfileCard onClose={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Изменить имя' }));
    const field = screen.getByLabelText('Ваше имя');
    expect(field).toHaveValue('Анна Смирнова');
    await user.clear(field);
    await user.type(field, '----');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('В имени должны быть буквы.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'Анна');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(request).toHaveBeenLastCalledWith('PUT', '/api/excursion/user/account/name', { body: { name: 'Анна' } });
    expect(await screen.findByRole('link', { name: 'Настройки профиля' })).toHaveAttribute('href', '/account/user/profile');
  });
});
