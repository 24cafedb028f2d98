import { createEventBus } from '@excursio/shared';
import { client, staff } from '../../test/fakes';
import { mayEnter, reenterStaffAreaOnSessionChange } from './staffArea';

describe('the staff area', () => {
  it('lets only staff accounts into a staff mount', () => {
    expect(mayEnter({ access: 'staff' }, staff)).toBe(true);
    expect(mayEnter({ access: 'staff' }, client)).toBe(false);
    expect(mayEnter({ access: 'staff' }, null)).toBe(false);
    expect(mayEnter({}, null)).toBe(true);
  });

  it('evaluates a staff address again after a sign-in or sign-out there, and nowhere else', () => {
    const bus = createEventBus();
    const router = { state: { location: { pathname: '/backoffice/orders', search: '?q=7', hash: '' } }, navigate: jest.fn() };
    const stop = reenterStaffAreaOnSessionChange(bus, router);
    bus.emit('auth:result', { token: 't', user: staff });
    expect(router.navigate).toHaveBeenCalledWith('/backoffice/orders?q=7', { replace: true });
    bus.emit('auth:signed-out');
    expect(router.navigate).toHaveBeenCalledTimes(2);

    router.state.location.pathname = '/excursion/altai';
    bus.emit('auth:result', { token: 't', user: staff });
    expect(router.navigate).toHaveBeenCalledTimes(2);
    stop();
  });
});
