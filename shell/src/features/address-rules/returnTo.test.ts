import { createEventBus, type Profile } from '@excursio/shared';
import { createReturnTo, type NavigatingRouter } from './returnTo';

const user: Profile = { id: 1, name: 'Анна', phone: '79990000001', user_type: 'client', avatar_path: null };

function fakeRouter() {
  let listener: Parameters<NavigatingRouter['subscribe']>[0] = () => undefined;
  const router = {
    navigate: jest.fn(),
    subscribe: jest.fn((next: typeof listener) => {
      listener = next;
      return () => undefined;
    }),
  };
  const settle = (pathname: string) => listener({ location: { pathname }, navigation: { state: 'idle' } });
  return { router, settle };
}

describe('return to the asked page after sign-in', () => {
  it('takes the visitor to the remembered account page once they sign in, once', () => {
    const bus = createEventBus();
    const returnTo = createReturnTo(bus);
    const { router, settle } = fakeRouter();
    returnTo.attach(router);
    returnTo.remember('/account/user/2?tab=chat');
    settle('/'); // the guard's redirect
    bus.emit('auth:result', { token: 't', user });
    expect(router.navigate).toHaveBeenCalledWith('/account/user/2?tab=chat');
    bus.emit('auth:result', { token: 't', user });
    expect(router.navigate).toHaveBeenCalledTimes(1);
  });

  it('forgets it when the visitor goes elsewhere before signing in', () => {
    const bus = createEventBus();
    const returnTo = createReturnTo(bus);
    const { router, settle } = fakeRouter();
    returnTo.attach(router);
    returnTo.remember('/account/user/ticket');
    settle('/');
    expect(returnTo.pending).toBe('/account/user/ticket');
    settle('/moscow');
    expect(returnTo.pending).toBeNull();
    bus.emit('auth:result', { token: 't', user });
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('does nothing on a sign-in from the header', () => {
    const bus = createEventBus();
    const { router } = fakeRouter();
    createReturnTo(bus).attach(router);
    bus.emit('auth:result', { token: 't', user });
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
