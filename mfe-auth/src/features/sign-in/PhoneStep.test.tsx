import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus } from '@excursio/shared';
import { SignInFlow } from './SignInFlow';
import { renderInRouter } from '../../testing/renderInRouter';
import { signInCalls } from './signInCalls';

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

function setup() {
  const user = userEvent.setup();
  const onClose = jest.fn();
  renderInRouter(<SignInFlow onClose={onClose} />);
  const input = screen.getByLabelText('Номер телефона') as HTMLInputElement;
  const submit = screen.getByRole('button', { name: 'Получить код' });
  return { user, onClose, input, submit };
}

describe('sign-in phone step', () => {
  it('shows the heading, Russia preselected and the consent line', () => {
    const { input } = setup();
    expect(screen.getByRole('heading', { name: 'Вход или регистрация' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Страна' })).toHaveValue('RU');
    expect(screen.getByRole('option', { name: 'Россия +7' })).toBeInTheDocument();
    expect(input).toHaveAttribute('maxlength', '25');
    expect(screen.getByRole('link', { name: 'оферты и пользовательского соглашения' })).toHaveAttribute('href', '/docs/oferta');
    expect(screen.getByText(/Нажимая «Получить код», вы принимаете условия/)).toBeInTheDocument();
  });

  it('drops what the field does not accept and masks the number', async () => {
    const { user, input } = setup();
    await user.type(input, '9a9b9 z000*00/01');
    expect(input).toHaveValue('(999) 000-00-01');
  });

  it('clears the field on blur when the number is too short', async () => {
    const { user, input } = setup();
    await user.type(input, '99900');
    expect(input).toHaveValue('(999) 00');
    await user.tab();
    expect(input).toHaveValue('');
  });

  it('keeps a complete number on blur', async () => {
    const { user, input } = setup();
    await user.type(input, '9990000001');
    await user.tab();
    expect(input).toHaveValue('(999) 000-00-01');
  });

  it('sends the digits and waits for the confirmation on the phone', async () => {
    const request = jest.spyOn(signInCalls, 'requestSignIn').mockResolvedValue({ status: true, data: { auth_req_id: 'req-1', result: 'await_code_push', expiry_seconds: 180 } });
    const { user, input, submit } = setup();
    await user.type(input, '8 (999) 000-00-01');
    await user.click(submit);
    expect(request).toHaveBeenCalledWith('79990000001');
    expect(await screen.findByRole('heading', { name: 'Подтвердите вход на телефоне' })).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-01')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изменить номер' }));
    expect(screen.getByRole('heading', { name: 'Вход или регистрация' })).toBeInTheDocument();
    // the number stays in the field for another try
    expect(screen.getByLabelText('Номер телефона')).toHaveValue('(999) 000-00-01');
  });

  it('shows the server phone-format error under the field, not in a toast', async () => {
    jest
      .spyOn(signInCalls, 'requestSignIn')
      .mockRejectedValue(
        new ApiError(422, 'The phone field format is invalid.', { phone: ['The phone field format is invalid.'] }),
      );
    const emit = jest.spyOn(bus, 'emit');
    const { user, input, submit } = setup();
    await user.type(input, '9990000001');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Введите корректный номер телефона');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(emit).not.toHaveBeenCalledWith('toast:show', expect.anything());
  });

  it('shows any other failure as an error toast with the server message', async () => {
    jest.spyOn(signInCalls, 'requestSignIn').mockRejectedValue(new ApiError(429, 'Слишком много попыток. Повторите позже.'));
    const emit = jest.spyOn(bus, 'emit');
    const { user, input, submit } = setup();
    await user.type(input, '9990000001');
    await user.click(submit);
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith('toast:show', { type: 'error', message: 'Слишком много попыток. Повторите позже.' }),
    );
    expect(screen.getByRole('heading', { name: 'Вход или регистрация' })).toBeInTheDocument();
  });

  it('does not send an empty or short number', async () => {
    const request = jest.spyOn(signInCalls, 'requestSignIn');
    const { user, submit } = setup();
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Введите номер телефона');
    expect(request).not.toHaveBeenCalled();
  });

  it('takes a number of another country through the select', async () => {
    const request = jest.spyOn(signInCalls, 'requestSignIn').mockResolvedValue({ status: true, data: { auth_req_id: 'req-2', result: 'await_code_push', expiry_seconds: 180 } });
    const { user, input, submit } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Страна' }), 'BY');
    await user.type(input, '291234567');
    await user.click(submit);
    expect(request).toHaveBeenCalledWith('375291234567');
    // shown in its international format (the one formatPhone of @excursio/shared/phone)
    expect(await screen.findByText('+375 29 123 45 67')).toBeInTheDocument();
  });

  it('closes the modal when the offer link is followed', async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByRole('link', { name: 'оферты и пользовательского соглашения' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('sign-in phone step with a stored phone', () => {
  it('requests a code for it as soon as the modal opens', async () => {
    window.localStorage.setItem('excursio.sign-in.phone', '79990000001');
    const request = jest.spyOn(signInCalls, 'requestSignIn').mockResolvedValue({ status: true, data: { auth_req_id: 'req-3', result: 'await_code_push', expiry_seconds: 180 } });
    renderInRouter(<SignInFlow onClose={jest.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Подтвердите вход на телефоне' })).toBeInTheDocument();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('79990000001');
  });

  it('shows the stored number in the field when that request fails', async () => {
    window.localStorage.setItem('excursio.sign-in.phone', '79990000001');
    jest.spyOn(signInCalls, 'requestSignIn').mockRejectedValue(new ApiError(0, 'Нет связи с сервером.'));
    renderInRouter(<SignInFlow onClose={jest.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Номер телефона')).toHaveValue('(999) 000-00-01'));
  });
});
