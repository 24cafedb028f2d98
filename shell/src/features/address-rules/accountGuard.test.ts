import { createEventBus, type Profile } from '@excursio/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { createAccountGuard, type ProfileSource } from './accountGuard';
import { EARLY_TOKEN_KEY } from './earlyToken';

const client: Profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };
const partner: Profile = { id: 2, name: 'Михаил Орлов', phone: '79990000002', user_type: 'partner', avatar_path: null };

function sessionWith(profile: Profile | null): ProfileSource & { restore: jest.Mock } {
  return { profile, restore: jest.fn(async () => undefined) };
}

function args(path: string): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`), params: {}, context: undefined } as unknown as LoaderFunctionArgs;
}

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error('expected the guard to redirect');
}

describe('account guard', () => {
  it('opens the sign-in modal and sends a signed-out visitor to /', async () => {
    const bus = createEventBus();
    const opened = jest.fn();
    bus.on('modal:open', opened);
    const session = sessionWith(null);
    const redirect = await thrownBy(createAccountGuard('user', session, bus)(args('/account/user/ticket')));
    expect(session.restore).toHaveBeenCalled();
    expect(opened).toHaveBeenCalledWith({ type: 'auth' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('/');
  });

  it('remembers the page asked for, to go there after the sign-in', async () => {
    const remember = jest.fn();
    await thrownBy(createAccountGuard('user', sessionWith(null), createEventBus(), { remember })(args('/account/user/2?x=1')));
    expect(remember).toHaveBeenCalledWith('/account/user/2?x=1');
  });

  it('sends a staff account from either account area to the back office', async () => {
    const staff: Profile = { ...client, id: 3, user_type: 'staff' };
    for (const area of ['user', 'partner'] as const) {
      const redirect = await thrownBy(createAccountGuard(area, sessionWith(staff), createEventBus())(args(`/account/${area}`)));
      expect(redirect.headers.get('Location')).toBe('/backoffice');
    }
  });

  it('lets the owner of the area in', async () => {
    const bus = createEventBus();
    const opened = jest.fn();
    bus.on('modal:open', opened);
    await expect(createAccountGuard('user', sessionWith(client), bus)(args('/account/user/ticket'))).resolves.toBeNull();
    await expect(createAccountGuard('partner', sessionWith(partner), bus)(args('/account/partner'))).resolves.toBeNull();
    expect(opened).not.toHaveBeenCalled();
  });

  it('sends a partner from the user area to /account/partner and a client the other way', async () => {
    const bus = createEventBus();
    const toPartner = await thrownBy(createAccountGuard('user', sessionWith(partner), bus)(args('/account/user/favorite')));
    expect(toPartner.headers.get('Location')).toBe('/account/partner');
    const toUser = await thrownBy(createAccountGuard('partner', sessionWith(client), bus)(args('/account/partner/calendar')));
    expect(toUser.headers.get('Location')).toBe('/account/user');
  });

  it('waits for the address rules when the address is about to change', async () => {
    const bus = createEventBus();
    const opened = jest.fn();
    bus.on('modal:open', opened);
    const session = sessionWith(null);
    const guard = createAccountGuard('user', session, bus);
    await expect(guard(args('/Account/User'))).resolves.toBeNull();
    await expect(guard(args('/account/user?token=t1'))).resolves.toBeNull();
    expect(opened).not.toHaveBeenCalled();
    expect(session.restore).not.toHaveBeenCalled();
  });

  it('waits for the address rules when the start-up script moved a ?token= out of this address', async () => {
    const bus = createEventBus();
    const opened = jest.fn();
    bus.on('modal:open', opened);
    const session = sessionWith(null);
    const guard = createAccountGuard('user', session, bus);
    sessionStorage.setItem(EARLY_TOKEN_KEY, JSON.stringify({ token: 't2', at: '/account/user/profile' }));
    try {
      await expect(guard(args('/account/user/profile'))).resolves.toBeNull();
      expect(opened).not.toHaveBeenCalled();
      expect(session.restore).not.toHaveBeenCalled();
    } finally {
      sessionStorage.removeItem(EARLY_TOKEN_KEY);
    }
  });
});
