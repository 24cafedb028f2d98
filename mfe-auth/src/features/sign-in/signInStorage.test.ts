import { COUNTDOWN_KEY, createSignInStorage, parseCountdown, PHONE_KEY } from './signInStorage';

beforeEach(() => window.localStorage.clear());

const record = { deadline: 1_700_000_000_000, phone: '79990000001', authReqId: 'req-1', stage: 'call' as const };

describe('sign-in storage', () => {
  it('keeps the phone and the countdown in localStorage', () => {
    const storage = createSignInStorage(window.localStorage, window);
    storage.writePhone('79990000001');
    storage.writeCountdown(record);
    expect(window.localStorage.getItem(PHONE_KEY)).toBe('79990000001');
    expect(storage.readPhone()).toBe('79990000001');
    expect(storage.readCountdown()).toEqual(record);
    storage.clearCountdown();
    expect(storage.readCountdown()).toBeNull();
    expect(storage.readPhone()).toBe('79990000001');
    storage.writeCountdown(record);
    storage.clearAll();
    expect(window.localStorage.getItem(PHONE_KEY)).toBeNull();
    expect(window.localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
  });

  it('reads a damaged or foreign record as nothing', () => {
    expect(parseCountdown(null)).toBeNull();
    expect(parseCountdown('{oops')).toBeNull();
    expect(parseCountdown('{"deadline":"soon","phone":"7"}')).toBeNull();
    expect(parseCountdown('{"deadline":5,"phone":"7","authReqId":"","stage":"fax"}')).toEqual({
      deadline: 5,
      phone: '7',
      authReqId: null,
      stage: null,
    });
  });

  it('tells about countdown changes made by other tabs', () => {
    const storage = createSignInStorage(window.localStorage, window);
    const listener = jest.fn();
    const stop = storage.onCountdownChange(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: COUNTDOWN_KEY, newValue: JSON.stringify(record) }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'excursio.token', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: COUNTDOWN_KEY, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener.mock.calls).toEqual([[record], [null], [null]]);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: COUNTDOWN_KEY, newValue: JSON.stringify(record) }));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('still works when storage throws (disabled storage)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const storage = createSignInStorage(broken, window);
    expect(() => storage.writePhone('7')).not.toThrow();
    expect(storage.readPhone()).toBeNull();
    expect(storage.readCountdown()).toBeNull();
    expect(() => storage.clearAll()).not.toThrow();
  });
});
