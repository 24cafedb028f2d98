import { ApiError } from '@excursio/shared';
import { advance, ANNA, checked, requested, signInHarness } from '../../testing/signInHarness';
import { COUNTDOWN_KEY, PHONE_KEY } from './signInStorage';
import { POLL_INTERVAL_MS } from './signInRules';

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

/** A store already waiting for the SMS code of req-1. */
async function atSmsStep() {
  const h = signInHarness();
  h.api.requestSignIn.mockResolvedValueOnce(requested('req-1', 180, 'await_code_sms'));
  h.api.checkSignIn.mockResolvedValue(checked('await_code_sms'));
  h.store.open();
  h.store.submitPhone('79990000001');
  await advance(0);
  expect(h.store.step).toBe('sms');
  return h;
}

describe('sign-in machine: codes', () => {
  it('verifies the 4 digits against the request', async () => {
    const { store, api } = await atSmsStep();
    await store.verify('1234');
    expect(api.verifySignInCode).toHaveBeenCalledWith('req-1', '1234');
  });

  it('ignores anything but 4 digits', async () => {
    const { store, api } = await atSmsStep();
    await store.verify('12a4');
    await store.verify('123');
    expect(api.verifySignInCode).not.toHaveBeenCalled();
  });

  it('shows the server message for a wrong code and clears the boxes', async () => {
    const { store, api } = await atSmsStep();
    api.verifySignInCode.mockRejectedValueOnce(
      new ApiError(422, 'The given data was invalid.', { code: ['Неверный код. Осталось попыток: 4'], retry_count: 4 }),
    );
    store.setPin(['1', '2', '3', '4']);
    await store.verify('1234');
    expect(store.codeError).toBe('Неверный код. Осталось попыток: 4');
    expect(store.pin).toEqual(['', '', '', '']);
    expect(store.step).toBe('sms');
    expect(store.polling).toBe(true);
    store.setPin(['5', '', '', '']);
    expect(store.codeError).toBeNull();
  });

  it('closes the step when errors.retry_count is 0', async () => {
    const { store, api } = await atSmsStep();
    api.verifySignInCode.mockRejectedValueOnce(
      new ApiError(422, 'Попытки закончились. Запросите новый код.', { retry_count: 0 }),
    );
    await store.verify('1234');
    expect(store.step).toBe('phone');
    expect(store.failure).toBe('Попытки закончились. Запросите новый код.');
    expect(store.polling).toBe(false);
    expect(store.authReqId).toBeNull();
    expect(store.requestBlocked).toBe(true);
  });

  it('sends other verification errors to a toast and restarts the countdown from errors.expiry_seconds', async () => {
    const { store, api, bus } = await atSmsStep();
    await advance(100_000);
    expect(store.countdown.label).toBe('01:20');
    api.verifySignInCode.mockRejectedValueOnce(new ApiError(429, 'Слишком много попыток.', { expiry_seconds: 150 }));
    await store.verify('1234');
    expect(bus.emit).toHaveBeenCalledWith('toast:show', { type: 'error', message: 'Слишком много попыток.' });
    expect(store.countdown.label).toBe('02:30');
    expect(JSON.parse(window.localStorage.getItem(COUNTDOWN_KEY)!).deadline).toBe(Date.now() + 150_000);
    expect(store.step).toBe('sms');
  });

  it('leaves the countdown alone when the error has no expiry_seconds', async () => {
    const { store, api, bus } = await atSmsStep();
    api.verifySignInCode.mockRejectedValueOnce(new ApiError(0, 'Нет связи с сервером.'));
    await store.verify('1234');
    expect(bus.emit).toHaveBeenCalledWith('toast:show', { type: 'error', message: 'Нет связи с сервером.' });
    expect(store.countdown.label).toBe('03:00');
  });
});

describe('sign-in machine: accessed', () => {
  it('after a right code: closes, signs in, welcomes, emits the result and forgets what it stored', async () => {
    const { store, session, bus, onClose } = await atSmsStep();
    await store.verify('1234');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(session.signIn).toHaveBeenCalledWith('tok-1', ANNA);
    expect(bus.emit).toHaveBeenCalledWith('toast:show', { type: 'info', message: 'Добро пожаловать, Анна Смирнова!' });
    expect(bus.emit).toHaveBeenLastCalledWith('auth:result', { token: 'tok-1', user: ANNA });
    expect(store.polling).toBe(false);
    expect(window.localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
    expect(window.localStorage.getItem(PHONE_KEY)).toBeNull();
  });

  it('emits the result only once the session holds the token (favorites loaded)', async () => {
    const { store, session, bus } = await atSmsStep();
    let release: () => void = () => undefined;
    session.signIn.mockImplementationOnce(() => new Promise<undefined>((r) => (release = () => r(undefined))));
    const done = store.verify('1234');
    await advance(0);
    expect(bus.emit).not.toHaveBeenCalledWith('auth:result', expect.anything());
    release();
    await done;
    expect(bus.emit).toHaveBeenCalledWith('auth:result', { token: 'tok-1', user: ANNA });
  });

  it('tells when the browser could not keep the session, without a result event', async () => {
    const { store, session, bus } = await atSmsStep();
    session.signIn.mockRejectedValueOnce(new Error('storage denied'));
    await store.verify('1234');
    expect(bus.emit).toHaveBeenLastCalledWith('toast:show', { type: 'error', message: expect.stringContaining('Не удалось сохранить вход') });
    expect(bus.emit).not.toHaveBeenCalledWith('auth:result', expect.anything());
  });

  it('when the check says accessed (a confirmed push): the same effects, and polling ends', async () => {
    const h = signInHarness();
    h.store.open();
    h.store.submitPhone('79990000001');
    await advance(0);
    h.api.checkSignIn.mockResolvedValue(checked('accessed', 0, { token: 'tok-2', user: { ...ANNA, name: '' } }));
    await advance(POLL_INTERVAL_MS);
    expect(h.onClose).toHaveBeenCalled();
    expect(h.session.signIn).toHaveBeenCalledWith('tok-2', { ...ANNA, name: '' });
    expect(h.bus.emit).toHaveBeenCalledWith('toast:show', { type: 'info', message: 'Добро пожаловать!' });
    const calls = h.api.checkSignIn.mock.calls.length;
    await advance(POLL_INTERVAL_MS * 2);
    expect(h.api.checkSignIn).toHaveBeenCalledTimes(calls);
    expect(h.bus.emit).toHaveBeenCalledWith('auth:result', { token: 'tok-2', user: { ...ANNA, name: '' } });
  });

  it('treats accessed without a token as a failed check (result reset)', async () => {
    const h = signInHarness();
    h.store.open();
    h.store.submitPhone('79990000001');
    await advance(0);
    h.api.checkSignIn.mockResolvedValueOnce(checked('accessed'));
    await advance(POLL_INTERVAL_MS);
    expect(h.store.result).toBeNull();
    expect(h.onClose).not.toHaveBeenCalled();
    expect(h.store.polling).toBe(true);
  });
});
