import type { AuthCheckResponse, Profile, SignInRequestResponse } from '@excursio/shared';
import { systemClock } from '../lib/countdown/clock';
import { createSignInStorage } from '../features/sign-in/signInStorage';
import { SignInStore } from '../features/sign-in/SignInStore';

export const ANNA: Profile = { id: 7, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };

export const requested = (id = 'req-1', expiry = 180, result: SignInRequestResponse['data']['result'] = 'await_code_push'): SignInRequestResponse => ({
  status: true,
  data: { auth_req_id: id, result, expiry_seconds: expiry },
});

export const checked = (result: AuthCheckResponse['data']['result'], expiry = 0, extra: Partial<AuthCheckResponse['data']> = {}): AuthCheckResponse => ({
  status: true,
  data: { result, expiry_seconds: expiry, ...extra },
});

/** A sign-in store over jest mocks, the jsdom localStorage and the (fake-timer) system clock. */
export function signInHarness() {
  const api = {
    requestSignIn: jest.fn(async (_phone: string) => requested()),
    checkSignIn: jest.fn(async (_id: string) => checked('await_code_push')),
    verifySignInCode: jest.fn(async (_id: string, _code: string) => checked('accessed', 0, { token: 'tok-1', user: ANNA })),
  };
  const session = { signIn: jest.fn(async (_token: string, _user: Profile) => undefined) };
  const bus = { emit: jest.fn() };
  const storage = createSignInStorage(window.localStorage, window);
  const onClose = jest.fn();
  const store = new SignInStore({ api, session, bus, clock: systemClock, storage, onClose });
  return { api, session, bus, storage, onClose, store };
}

/** Let pending promise callbacks run, then move the fake clock on. */
export async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}
