import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, bus, session, type AccountSettings } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { accountCalls } from './accountCalls';
import { uploadCalls } from '../../components/uploads';

const ok = <T,>(data: T) => ({ status: true as const, data });
const settings = (over: Partial<AccountSettings> = {}): AccountSettings => ({
  name: 'Путешественник',
  phone: '79990000001',
  email: null,
  pending_email: null,
  avatar_path: null,
  upcoming_orders: 0,
  email_reminders: true,
  ...over,
});

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

describe('profile page', () => {
  it('names a new account and refreshes the session’s profile', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings()));
    const rename = jest.spyOn(accountCalls, 'rename').mockResolvedValue(ok(settings({ name: 'Вера' })));
    const reload = jest.spyOn(session, 'loadProfile').mockResolvedValue();
    renderAccount('/account/user/profile');
    const name = await screen.findByLabelText('Как к вам обращаться');
    expect(name).toHaveValue('');
    expect(screen.getByText('+7 (999) 000-00-01')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить имя' }));
    expect(await screen.findByText('Укажите имя: хотя бы 2 буквы.')).toBeInTheDocument();
    expect(rename).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Вера' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить имя' }));
    await waitFor(() => expect(rename).toHaveBeenCalledWith('Вера'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('confirms an e-mail with the code from the letter; a wrong code is shown at the field', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings({ name: 'Анна' })));
    jest.spyOn(accountCalls, 'requestEmail').mockResolvedValue(ok(settings({ name: 'Анна', pending_email: 'anna@example.ru' })));
    jest
      .spyOn(accountCalls, 'confirmEmail')
      .mockRejectedValueOnce(new ApiError(422, 'Неверный код.', { code: ['Неверный код.'] }))
      .mockResolvedValueOnce(ok(settings({ name: 'Анна', email: 'anna@example.ru' })));
    renderAccount('/account/user/profile');
    fireEvent.change(await screen.findByLabelText('Адрес'), { target: { value: 'anna@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('anna@example.ru')).toBeInTheDocument();
    const code = screen.getByLabelText('Код из письма');
    fireEvent.change(code, { target: { value: '12ab34' } });
    expect(code).toHaveValue('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Введите код из 6 цифр из письма.')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Неверный код.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('подтверждена')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Удалить почту' })).toBeInTheDocument();
  });

  it('deletes the account after a confirmation, signs out and goes home', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings({ name: 'Анна' })));
    const remove = jest.spyOn(accountCalls, 'remove').mockResolvedValue(null);
    const signOut = jest.spyOn(session, 'signOut').mockResolvedValue();
    const signedOut = jest.fn();
    bus.on('auth:signed-out', signedOut);
    const { router } = renderAccount('/account/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
    const confirm = screen.getByRole('group', { name: /Отменить удаление нельзя/ });
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить аккаунт навсегда' }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(signedOut).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    bus.off('auth:signed-out', signedOut);
  });

  it('cannot delete while a trip is ahead', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings({ name: 'Анна', upcoming_orders: 2 })));
    renderAccount('/account/user/profile');
    expect(await screen.findByText(/когда закончатся предстоящие заказы \(2\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить аккаунт' })).not.toBeInTheDocument();
  });

  it('uploads a portrait as the profile photo; an api refusal is shown', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings({ name: 'Анна' })));
    const upload = jest
      .spyOn(uploadCalls, 'uploadImage')
      .mockRejectedValueOnce(new ApiError(422, 'Это не изображение', { photo: ['Это не изображение: загрузите фото в формате JPEG, PNG, WebP или HEIC.'] }))
      .mockResolvedValueOnce(ok({ id: 7, preset: 'portrait' as const, width: 400, height: 400, url: '/u/a/400.webp', fallback_url: '/u/a/400.jpg', srcset: '/u/a/192.webp 192w' }));
    const setAvatar = jest.spyOn(accountCalls, 'setAvatar').mockResolvedValue(ok(settings({ name: 'Анна', avatar_path: '/u/a/192.webp' })));
    jest.spyOn(session, 'loadProfile').mockResolvedValue();
    renderAccount('/account/user/profile');
    const input = await screen.findByLabelText('Загрузить фото');
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText(/Это не изображение: загрузите фото/)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByRole('img', { name: 'Ваше фото' })).toHaveAttribute('src', '/u/a/192.webp');
    expect(upload).toHaveBeenLastCalledWith(expect.any(File), 'portrait');
    expect(setAvatar).toHaveBeenCalledWith(7);
    expect(screen.getByRole('button', { name: 'Удалить фото' })).toBeInTheDocument();
  });

  it('changes the phone once the new number is confirmed like a sign-in (push, then the call’s code)', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings({ name: 'Анна' })));
    const change = jest
      .spyOn(accountCalls, 'changePhone')
      .mockRejectedValueOnce(new ApiError(409, 'Этот номер уже привязан к другому аккаунту Excursio.', { phone: ['Этот номер уже привязан к другому аккаунту Excursio.'] }))
      .mockResolvedValueOnce(ok({ auth_req_id: 'r1', result: 'await_code_push' as const, expiry_seconds: 180 }));
    jest.spyOn(accountCalls, 'checkPhone').mockResolvedValue(ok({ result: 'await_code_call' as const, expiry_seconds: 170 }));
    const user = { id: 1, name: 'Анна', phone: '79161112233', user_type: 'client' as const, avatar_path: null };
    jest.spyOn(accountCalls, 'verifyPhone').mockResolvedValue(ok({ result: 'accessed' as const, expiry_seconds: 0, token: 't2', user }));
    const signIn = jest.spyOn(session, 'signIn').mockResolvedValue();
    renderAccount('/account/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить номер' }));
    fireEvent.change(screen.getByLabelText('Новый номер'), { target: { value: '+7 916 111-22-33' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить номер' }));
    expect(await screen.findByText('Этот номер уже привязан к другому аккаунту Excursio.')).toBeInTheDocument();
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить номер' }));
    await act(async () => Promise.resolve());
    expect(await screen.findByText(/подтвердите его на том телефоне/)).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    jest.useRealTimers();
    expect(await screen.findByText(/введите последние 4 цифры/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Код подтверждения'), { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('t2', user));
    expect(change).toHaveBeenLastCalledWith('+7 916 111-22-33');
  });
});

describe('profile page: e-mail reminders', () => {
  it('turns the reminders by e-mail off and on (shown only with a confirmed e-mail)', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings({ name: 'Анна', email: 'anna@example.ru' })));
    const set = jest.spyOn(accountCalls, 'setReminders').mockResolvedValue(ok(settings({ name: 'Анна', email: 'anna@example.ru', email_reminders: false })));
    renderAccount('/account/user/profile');
    const box = await screen.findByLabelText('Напоминать о поездках письмом накануне');
    expect(box).toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(set).toHaveBeenCalledWith(false));
    await waitFor(() => expect(screen.getByLabelText('Напоминать о поездках письмом накануне')).not.toBeChecked());
  });

  it('has no reminders switch without a confirmed e-mail', async () => {
    jest.spyOn(accountCalls, 'settings').mockResolvedValue(ok(settings({ name: 'Анна' })));
    renderAccount('/account/user/profile');
    await screen.findByLabelText('Как к вам обращаться');
    expect(screen.queryByLabelText('Напоминать о поездках письмом накануне')).not.toBeInTheDocument();
  });
});
