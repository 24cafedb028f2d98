import { createEventBus } from './events';

describe('event bus', () => {
  it('delivers typed, namespaced events to their listeners only', () => {
    const bus = createEventBus();
    const toasts: string[] = [];
    const panels: Array<boolean | undefined> = [];
    bus.on('toast:show', (t) => toasts.push(`${t.type}:${t.message}`));
    bus.on('notifications:toggle', (e) => panels.push(e.open));
    bus.emit('toast:show', { type: 'error', message: 'Ошибка' });
    bus.emit('notifications:toggle', { open: true });
    expect(toasts).toEqual(['error:Ошибка']);
    expect(panels).toEqual([true]);
  });

  it('stops delivering after off()', () => {
    const bus = createEventBus();
    const seen: string[] = [];
    const handler = (t: { message: string }) => seen.push(t.message);
    bus.on('toast:show', handler);
    bus.off('toast:show', handler);
    bus.emit('toast:show', { type: 'info', message: 'x' });
    expect(seen).toEqual([]);
  });
});
