import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, session } from '@excursio/shared';
import { SignInFlow } from './SignInFlow';
import { renderInRouter } from '../../testing/renderInRouter';
import { signInCalls } from './signInCalls';
import { ANNA, checked, requested } from '../../testing/signInHarness';

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
  window.localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function tick(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** Open the modal, send the customer's phone and land on the push step. */
async function signInUpTo(stage: 'push' | 'call' | 'sms') {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onClose = jest.fn();
  const request = jest.spyOn(signInCalls, 'requestSignIn').mockResolvedValue(requested('req-1'));
  const check = jest.spyOn(signInCalls, 'checkSignIn').mockResolvedValue(checked('await_code_push'));
  const verify = jest.spyOn(signInCalls, 'verifySignInCode');
  const signIn = jest.spyOn(session, 'signIn').mockResolvedValue(undefined);
  const emit = jest.spyOn(bus, 'emit');
  const view = renderInRouter(<SignInFlow onClose={onClose} />);
  await user.type(screen.getByLabelText('Номер телефона'), '9990000001');
  await user.click(screen.getByRole('button', { name: 'Получить код' }));
  await tick(0);
  if (stage !== 'push') {
    check.mockResolvedValue(checked(stage === 'call' ? 'await_code_call' : 'await_code_sms'));
    await tick(2000);
  }
  return { user, onClose, request, check, verify, signIn, emit, view };
}

const resendButton = () => screen.getByRole('button', { name: /^(Отправить новый запрос|Новый запрос через \d\d:\d\d)$/ });

describe('sign-in modal steps', () => {
  it('push: instructions, waiting status and the resend button counting down in mm:ss', async () => {
    await signInUpTo('push');
    expect(screen.getByRole('heading', { name: 'Подтвердите вход на телефоне' })).toHaveFocus();
    expect(screen.getByText(/уведомление от SIM-карты/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Ждём подтверждения…');
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('Новый запрос через 03:00');
    await tick(1000);
    expect(resendButton()).toHaveTextContent('через 02:59');
  });

  it('push confirmed: the modal closes, the session signs in, a welcome toast and the result event', async () => {
    const { check, onClose, signIn, emit } = await signInUpTo('push');
    check.mockResolvedValue(checked('accessed', 0, { token: 'tok-9', user: ANNA }));
    await tick(2000);
    expect(onClose).toHaveBeenCalled();
    expect(signIn).toHaveBeenCalledWith('tok-9', ANNA);
    expect(emit).toHaveBeenCalledWith('toast:show', { type: 'info', message: 'Добро пожаловать, Анна Смирнова!' });
    expect(emit).toHaveBeenCalledWith('auth:result', { token: 'tok-9', user: ANNA });
  });

  it('call: the last 4 digits of the calling number, sent on the 4th digit', async () => {
    const { user, verify, onClose } = await signInUpTo('call');
    expect(screen.getByRole('heading', { name: 'Введите последние 4 цифры номера' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Код из 4 цифр' });
    expect(group).toHaveAccessibleDescription('Последние 4 цифры входящего номера');
    expect(screen.getByRole('textbox', { name: 'Цифра 1 из 4' })).toHaveFocus();
    expect(group).toBeInTheDocument();
    expect(resendButton()).toHaveTextContent('03:00');
    verify.mockResolvedValue(checked('accessed', 0, { token: 'tok-3', user: ANNA }));
    await user.keyboard('4321');
    await tick(0);
    expect(verify).toHaveBeenCalledWith('req-1', '4321');
    expect(onClose).toHaveBeenCalled();
  });

  it('wrong code: the server message, empty boxes, focus back on the first', async () => {
    const { user, verify } = await signInUpTo('sms');
    expect(screen.getByRole('heading', { name: 'Введите код из SMS' })).toBeInTheDocument();
    verify.mockRejectedValue(new ApiError(422, 'Неверный код', { code: ['Неверный код. Осталось попыток: 4'], retry_count: 4 }));
    await user.keyboard('1111');
    await tick(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Неверный код. Осталось попыток: 4');
    const boxes = screen.getAllByRole('textbox');
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(['', '', '', '']);
    expect(boxes[0]).toHaveFocus();
    expect(boxes[0]).toHaveAttribute('aria-invalid', 'true');
  });

  it('SMS code pasted: fills the boxes and is sent', async () => {
    const { user, verify } = await signInUpTo('sms');
    verify.mockResolvedValue(checked('accessed', 0, { token: 'tok-4', user: ANNA }));
    await user.paste('5 6 7 8');
    await tick(0);
    expect(verify).toHaveBeenCalledWith('req-1', '5678');
  });

  it('no attempts left: back to the phone step with the message', async () => {
    const { user, verify } = await signInUpTo('sms');
    verify.mockRejectedValue(new ApiError(422, 'Попытки закончились', { code: ['Попытки закончились. Запросите код позже.'], retry_count: 0 }));
    await user.keyboard('1111');
    await tick(0);
    expect(screen.getByRole('heading', { name: 'Вход или регистрация' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Попытки закончились. Запросите код позже.');
  });

  it('cancelled: back to the phone step with the message, a new request waits for the countdown', async () => {
    const { check } = await signInUpTo('push');
    check.mockResolvedValue(checked('cancelled', 178));
    await tick(2000);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось войти. Попробуйте повторно по истечению времени');
    const submit = screen.getByRole('button', { name: /Получить код/ });
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Получить код через 02:58');
    await tick(178_000);
    expect(screen.getByRole('button', { name: 'Получить код' })).toBeEnabled();
  });

  it('countdown over: waiting stops and the resend button asks again', async () => {
    const { user, request, check } = await signInUpTo('push');
    await tick(180_000);
    expect(screen.getByRole('status')).toHaveTextContent('Подтверждение не получено');
    const calls = check.mock.calls.length;
    await tick(10_000);
    expect(check).toHaveBeenCalledTimes(calls);
    expect(resendButton()).toBeEnabled();
    expect(resendButton()).toHaveTextContent(/^Отправить новый запрос$/);
    request.mockResolvedValue(requested('req-2'));
    await user.click(resendButton());
    await tick(0);
    expect(request).toHaveBeenCalledTimes(2);
    expect(resendButton()).toHaveTextContent('03:00');
  });

  it('closing the modal stops polling', async () => {
    const { check, view } = await signInUpTo('push');
    await tick(2000);
    const before = check.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    // the shell unmounts the content when the modal closes
    view.unmount();
    await tick(10_000);
    expect(check).toHaveBeenCalledTimes(before);
    expect(jest.getTimerCount()).toBe(0);
  });
});
