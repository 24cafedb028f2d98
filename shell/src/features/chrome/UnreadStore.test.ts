import { createEventBus } from '@excursio/shared';
import { bellLabel, UnreadStore } from './UnreadStore';

describe('UnreadStore', () => {
  it('follows the count mfe-notifications reports and forgets it on sign-out', () => {
    const bus = createEventBus();
    const store = new UnreadStore();
    const stop = store.connect(bus);
    bus.emit('notifications:unread', { count: 3 });
    expect(store.count).toBe(3);
    bus.emit('notifications:unread', { count: -2 });
    expect(store.count).toBe(0);
    bus.emit('notifications:unread', { count: 5 });
    bus.emit('auth:signed-out');
    expect(store.count).toBe(0);
    stop();
    bus.emit('notifications:unread', { count: 7 });
    expect(store.count).toBe(0);
  });

  it('names the bell with the count in Russian', () => {
    expect(bellLabel(0)).toBe('Уведомления');
    expect(bellLabel(1)).toBe('Уведомления, 1 непрочитанное');
    expect(bellLabel(3)).toBe('Уведомления, 3 непрочитанных');
    expect(bellLabel(21)).toBe('Уведомления, 21 непрочитанное');
  });
});
