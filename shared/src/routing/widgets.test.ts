import { createWidgetRegistry } from './widgets';

describe('widget registry', () => {
  it('gives a remote the widget the shell provided, and null before', () => {
    const registry = createWidgetRegistry();
    expect(registry.get('OrderChat')).toBeNull();
    const Chat = () => null;
    registry.provide('OrderChat', Chat);
    expect(registry.get('OrderChat')).toBe(Chat);
  });
});
