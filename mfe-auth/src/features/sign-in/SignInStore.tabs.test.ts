import { act } from '@testing-library/react';
import { advance, checked, signInHarness } from '../../testing/signInHarness';
import { COUNTDOWN_KEY, type CountdownRecord } from './signInStorage';
import { POLL_INTERVAL_MS } from './signInRules';

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

/** What the browser does in this tab when another tab writes the countdown. */
function otherTabWrites(record: CountdownRecord | null) {
  const newValue = record ? JSON.stringify(record) : null;
  if (newValue) window.localStorage.setItem(COUNTDOWN_KEY, newValue);
  else window.localStorage.removeItem(COUNTDOWN_KEY);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: COUNTDOWN_KEY, newValue, storageArea: window.localStorage }));
  });
}

describe('sign-in machine: the countdown across tabs', () => {
  it('a second tab opening the modal shows the same remaining time and polls the same request', async () => {
    const a = signInHarness();
    a.store.open();
    a.store.submitPhone('79990000001');
    await advance(7_300);
    const b = signInHarness();
    b.store.open();
    expect(b.store.countdown.label).toBe(a.store.countdown.label);
    expect(b.store.countdown.label).toBe('02:53');
    expect(b.store.step).toBe('push');
    await advance(0);
    expect(b.api.requestSignIn).not.toHaveBeenCalled();
    expect(b.api.checkSignIn).toHaveBeenCalledWith('req-1');
  });

  it('follows a countdown restarted in another tab', async () => {
    const b = signInHarness();
    b.store.open();
    b.store.submitPhone('79990000001');
    await advance(50_000);
    expect(b.store.countdown.label).toBe('02:10');
    otherTabWrites({ deadline: Date.now() + 180_000, phone: '79990000001', authReqId: 'req-1', stage: 'call' });
    expect(b.store.countdown.label).toBe('03:00');
    expect(b.store.step).toBe('call');
    // this tab then sees the same stage and does not restart the countdown a second time
    b.api.checkSignIn.mockResolvedValue(checked('await_code_call', 180));
    await advance(5_000);
    expect(b.store.countdown.label).toBe('02:55');
  });

  it('follows a new request made in another tab once its own countdown ended', async () => {
    const b = signInHarness();
    b.api.requestSignIn.mockResolvedValueOnce({ status: true, data: { auth_req_id: 'req-1', result: 'await_code_push', expiry_seconds: 4 } });
    b.store.open();
    b.store.submitPhone('79990000001');
    await advance(4_000);
    expect(b.store.polling).toBe(false);
    otherTabWrites({ deadline: Date.now() + 180_000, phone: '79990000001', authReqId: 'req-2', stage: 'push' });
    expect(b.store.authReqId).toBe('req-2');
    expect(b.store.polling).toBe(true);
    await advance(0);
    expect(b.api.checkSignIn).toHaveBeenLastCalledWith('req-2');
  });

  it('holds back the phone step of this tab while another tab waits out a cancelled sign-in', () => {
    const b = signInHarness();
    b.store.open();
    otherTabWrites({ deadline: Date.now() + 90_000, phone: '79990000001', authReqId: null, stage: null });
    expect(b.store.requestBlocked).toBe(true);
    expect(b.store.countdown.label).toBe('01:30');
    b.store.submitPhone('79990000001');
    expect(b.api.requestSignIn).not.toHaveBeenCalled();
  });

  it('ignores storage events after the modal closed', async () => {
    const b = signInHarness();
    b.store.open();
    b.store.dispose();
    otherTabWrites({ deadline: Date.now() + 90_000, phone: '79990000001', authReqId: 'req-5', stage: 'sms' });
    expect(b.store.countdown.timer.deadline).toBeNull();
    await advance(POLL_INTERVAL_MS);
    expect(b.api.checkSignIn).not.toHaveBeenCalled();
  });

  it('ends its countdown and polling when another tab clears the record (signed in there)', async () => {
    const b = signInHarness();
    b.store.open();
    b.store.submitPhone('79990000001');
    await advance(0);
    expect(b.store.polling).toBe(true);
    otherTabWrites(null);
    expect(b.store.countdown.running).toBe(false);
    expect(b.store.polling).toBe(false);
    await advance(POLL_INTERVAL_MS * 2);
    expect(b.api.checkSignIn).not.toHaveBeenCalled();
  });
});
