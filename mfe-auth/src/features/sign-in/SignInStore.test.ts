import { ApiError } from '@excursio/shared';
import { advance, checked, requested, signInHarness } from '../../testing/signInHarness';
import { COUNTDOWN_KEY, PHONE_KEY } from './signInStorage';
import { CODE_COUNTDOWN_S, POLL_INTERVAL_MS } from './signInRules';
import { CANCELLED_TEXT } from './signInText';

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

const storedCountdown = () => JSON.parse(window.localStorage.getItem(COUNTDOWN_KEY) ?? 'null');

describe('sign-in machine: request and polling', () => {
  it('starts on the phone step and requests nothing without a stored phone', () => {
    const { store, api } = signInHarness();
    store.open();
    expect(store.step).toBe('phone');
    expect(api.requestSignIn).not.toHaveBeenCalled();
  });

  it('sends the phone, remembers it, enters the push step and starts the countdown', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    expect(store.requesting).toBe(true);
    await advance(0);
    expect(api.requestSignIn).toHaveBeenCalledWith('79990000001');
    expect(store.step).toBe('push');
    expect(store.authReqId).toBe('req-1');
    expect(store.countdown.label).toBe('03:00');
    expect(window.localStorage.getItem(PHONE_KEY)).toBe('79990000001');
    expect(storedCountdown()).toEqual({ deadline: Date.now() + 180_000, phone: '79990000001', authReqId: 'req-1', stage: 'push' });
  });

  it('requests a code on open when a phone is stored (spec §4 item 1)', async () => {
    window.localStorage.setItem(PHONE_KEY, '79990000001');
    const { store, api } = signInHarness();
    store.open();
    await advance(0);
    expect(api.requestSignIn).toHaveBeenCalledWith('79990000001');
    expect(store.step).toBe('push');
  });

  it('requests once when opened twice (React StrictMode mounts effects twice)', async () => {
    window.localStorage.setItem(PHONE_KEY, '79990000001');
    const { store, api } = signInHarness();
    store.open();
    store.dispose();
    store.open();
    await advance(0);
    expect(api.requestSignIn).toHaveBeenCalledTimes(1);
    expect(store.polling).toBe(true);
  });

  it('polls the check every 2 seconds, never two at a time', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    expect(api.checkSignIn).not.toHaveBeenCalled();
    await advance(POLL_INTERVAL_MS - 1);
    expect(api.checkSignIn).not.toHaveBeenCalled();
    await advance(1);
    expect(api.checkSignIn).toHaveBeenCalledTimes(1);
    expect(api.checkSignIn).toHaveBeenCalledWith('req-1');
    await advance(POLL_INTERVAL_MS * 3);
    expect(api.checkSignIn).toHaveBeenCalledTimes(4);
  });

  it('uses the expiry_seconds of the request answer for the countdown', async () => {
    const { store, api } = signInHarness();
    api.requestSignIn.mockResolvedValueOnce(requested('req-9', 45));
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    expect(store.countdown.label).toBe('00:45');
  });

  it('moves push → call → SMS and restarts the countdown at 180 s each time', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(60_000); // 02:00 left
    expect(store.countdown.label).toBe('02:00');
    api.checkSignIn.mockResolvedValue(checked('await_code_call'));
    await advance(POLL_INTERVAL_MS);
    expect(store.step).toBe('call');
    expect(store.countdown.timer.remaining).toBe(CODE_COUNTDOWN_S);
    expect(storedCountdown().stage).toBe('call');
    await advance(30_000);
    api.checkSignIn.mockResolvedValue(checked('await_code_sms'));
    await advance(POLL_INTERVAL_MS);
    expect(store.step).toBe('sms');
    expect(store.countdown.timer.remaining).toBe(CODE_COUNTDOWN_S);
  });

  it('goes straight from push to SMS with the expiry_seconds of the answer', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    api.checkSignIn.mockResolvedValue(checked('await_code_sms', 120));
    await advance(POLL_INTERVAL_MS);
    expect(store.step).toBe('sms');
    expect(store.countdown.label).toBe('02:00');
  });

  it('does not restart the countdown while the stage stays the same', async () => {
    const { store } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(10_000);
    expect(store.countdown.label).toBe('02:50');
  });

  it('stops polling when the countdown reaches 0 and clears the stored countdown', async () => {
    const { store, api } = signInHarness();
    api.requestSignIn.mockResolvedValueOnce(requested('req-1', 10));
    store.open();
    store.submitPhone('79990000001');
    await advance(10_000);
    expect(store.countdown.running).toBe(false);
    expect(store.polling).toBe(false);
    expect(window.localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
    const calls = api.checkSignIn.mock.calls.length;
    await advance(10_000);
    expect(api.checkSignIn).toHaveBeenCalledTimes(calls);
  });

  it('stops polling when the modal closes, and resumes the same request on the next open', async () => {
    const first = signInHarness();
    first.store.open();
    first.store.submitPhone('79990000001');
    await advance(POLL_INTERVAL_MS);
    first.store.dispose();
    const calls = first.api.checkSignIn.mock.calls.length;
    await advance(POLL_INTERVAL_MS * 3);
    expect(first.api.checkSignIn).toHaveBeenCalledTimes(calls);

    const second = signInHarness();
    second.store.open();
    expect(second.store.step).toBe('push');
    expect(second.store.countdown.label).toBe('02:52');
    await advance(0);
    expect(second.api.requestSignIn).not.toHaveBeenCalled();
    expect(second.api.checkSignIn).toHaveBeenCalledWith('req-1');
  });

  it('on cancelled returns to the phone step with the message and holds a new request until the countdown ends', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    api.checkSignIn.mockResolvedValue(checked('cancelled', 178));
    await advance(POLL_INTERVAL_MS);
    expect(store.step).toBe('phone');
    expect(store.failure).toBe(CANCELLED_TEXT);
    expect(store.polling).toBe(false);
    expect(store.requestBlocked).toBe(true);
    store.submitPhone('79990000001');
    expect(api.requestSignIn).toHaveBeenCalledTimes(1);
    await advance(180_000);
    expect(store.requestBlocked).toBe(false);
    store.submitPhone('79990000001');
    expect(api.requestSignIn).toHaveBeenCalledTimes(2);
  });

  it('on cancelled follows the wait the server gives, or lets a new request go when it gives none', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    api.checkSignIn.mockResolvedValueOnce(checked('cancelled', 40));
    await advance(POLL_INTERVAL_MS);
    expect(store.countdown.label).toBe('00:40');
    expect(storedCountdown()).toMatchObject({ authReqId: null, stage: null, phone: '79990000001' });
    store.submitPhone('79990000001');
    await advance(0);
    expect(store.step).toBe('phone');
    expect(api.requestSignIn).toHaveBeenCalledTimes(1);
  });

  it('on cancelled without a wait, the phone may ask again at once', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    api.checkSignIn.mockResolvedValueOnce(checked('cancelled', 0));
    await advance(POLL_INTERVAL_MS);
    expect(store.failure).toBe(CANCELLED_TEXT);
    expect(store.requestBlocked).toBe(false);
    expect(window.localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
  });

  it('resets the result when a check fails and keeps polling', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(POLL_INTERVAL_MS);
    expect(store.result).toBe('await_code_push');
    api.checkSignIn.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await advance(POLL_INTERVAL_MS);
    expect(store.result).toBeNull();
    expect(store.step).toBe('push');
    await advance(POLL_INTERVAL_MS);
    expect(store.result).toBe('await_code_push');
  });

  it('shows the phone-format error under the field', async () => {
    const { store, api, bus } = signInHarness();
    api.requestSignIn.mockRejectedValueOnce(
      new ApiError(422, 'The phone field format is invalid.', { phone: ['The phone field format is invalid.'] }),
    );
    store.open();
    store.submitPhone('7999');
    await advance(0);
    expect(store.phoneError).toBe('Введите корректный номер телефона');
    expect(bus.emit).not.toHaveBeenCalled();
  });

  it('sends other request errors to an error toast and restarts the countdown from errors.expiry_seconds', async () => {
    const { store, api, bus } = signInHarness();
    api.requestSignIn.mockRejectedValueOnce(new ApiError(429, 'Слишком много попыток.', { expiry_seconds: 75 }));
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    expect(bus.emit).toHaveBeenCalledWith('toast:show', { type: 'error', message: 'Слишком много попыток.' });
    expect(store.step).toBe('phone');
    expect(store.countdown.label).toBe('01:15');
    expect(store.requestBlocked).toBe(true);
  });

  it('lets the resend button request again only after the countdown', async () => {
    const { store, api } = signInHarness();
    api.requestSignIn.mockResolvedValueOnce(requested('req-1', 5)).mockResolvedValueOnce(requested('req-2', 180));
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    store.resend();
    expect(api.requestSignIn).toHaveBeenCalledTimes(1);
    await advance(5_000);
    store.resend();
    await advance(0);
    expect(api.requestSignIn).toHaveBeenCalledTimes(2);
    expect(store.authReqId).toBe('req-2');
    expect(store.countdown.label).toBe('03:00');
    expect(store.polling).toBe(true);
  });

  it('"Изменить номер" stops polling; the same number resumes the running request', async () => {
    const { store, api } = signInHarness();
    store.open();
    store.submitPhone('79990000001');
    await advance(0);
    store.changePhone();
    expect(store.step).toBe('phone');
    expect(store.polling).toBe(false);
    store.submitPhone('79990000001');
    expect(api.requestSignIn).toHaveBeenCalledTimes(1);
    expect(store.step).toBe('push');
    expect(store.polling).toBe(true);
  });
});
