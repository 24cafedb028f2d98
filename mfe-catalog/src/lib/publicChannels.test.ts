import type { ExcursionEvent } from '@excursio/shared';
import { PublicChannels, type SocketFactory } from './publicChannels';
import { applySlotSeats } from './useLiveEvents';

/** A socket the test drives: what the page sent, and the server's frames on demand. */
function fakeServer() {
  const sockets: Array<{ sent: string[]; closed: boolean; readyState: number; onopen: unknown; onerror: unknown; onmessage: ((e: { data: string }) => void) | null; onclose: (() => void) | null }> = [];
  const factory: SocketFactory = () => {
    const socket = { sent: [] as string[], closed: false, readyState: 1, onopen: null, onerror: null, onmessage: null, onclose: null, send: (text: string) => socket.sent.push(text), close: () => void (socket.closed = true) };
    sockets.push(socket);
    return socket as never;
  };
  const last = () => sockets[sockets.length - 1]!;
  const frame = (event: string, data: unknown, channel?: string) => last().onmessage?.({ data: JSON.stringify({ event, channel, data: JSON.stringify(data) }) });
  const sent = () => last().sent.map((text) => JSON.parse(text) as { event: string; data: { channel?: string } });
  return { factory, sockets, last, frame, sent };
}

describe('public channels (the Pusher protocol for visitors)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('subscribes once connected, delivers the channel’s events parsed, answers pings, and leaves with the last watcher', () => {
    const server = fakeServer();
    const channels = new PublicChannels(server.factory, () => 'ws://test/app/key');
    const events: unknown[] = [];
    const subscribed = jest.fn();
    const stop = channels.watch('excursion-slots.7', { onEvent: (event, data) => events.push([event, data]), onSubscribed: subscribed });
    expect(server.sent()).toEqual([]);
    server.frame('pusher:connection_established', { socket_id: '1.2', activity_timeout: 120 });
    expect(server.sent()).toEqual([{ event: 'pusher:subscribe', data: { channel: 'excursion-slots.7' } }]);
    server.frame('pusher_internal:subscription_succeeded', {}, 'excursion-slots.7');
    expect(subscribed).toHaveBeenCalledTimes(1);
    server.frame('SlotSeats', { event_id: 3, seats_left: 2 }, 'excursion-slots.7');
    server.frame('SlotSeats', { event_id: 4 }, 'excursion-slots.8');
    expect(events).toEqual([['SlotSeats', { event_id: 3, seats_left: 2 }]]);
    server.frame('pusher:ping', {});
    expect(server.sent().at(-1)).toEqual({ event: 'pusher:pong', data: {} });

    const other = channels.watch('excursion-slots.7', { onEvent: jest.fn() });
    expect(server.sockets).toHaveLength(1);
    other();
    expect(server.last().closed).toBe(false);
    stop();
    expect(server.sent().at(-1)).toEqual({ event: 'pusher:unsubscribe', data: { channel: 'excursion-slots.7' } });
    expect(server.last().closed).toBe(true);
  });

  it('a closed socket comes back while someone watches, and subscribes again (the watcher re-reads what it missed)', () => {
    const server = fakeServer();
    const channels = new PublicChannels(server.factory, () => 'ws://test/app/key');
    const subscribed = jest.fn();
    channels.watch('excursion-slots.7', { onEvent: jest.fn(), onSubscribed: subscribed });
    server.frame('pusher:connection_established', {});
    server.last().onclose?.();
    expect(server.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1_000);
    expect(server.sockets).toHaveLength(2);
    server.frame('pusher:connection_established', {});
    expect(server.sent()).toEqual([{ event: 'pusher:subscribe', data: { channel: 'excursion-slots.7' } }]);
    server.frame('pusher_internal:subscription_succeeded', {}, 'excursion-slots.7');
    expect(subscribed).toHaveBeenCalledTimes(1);
  });

  it('a page put into the back/forward cache closes its socket; back from it, the socket opens and resubscribes', () => {
    const server = fakeServer();
    const channels = new PublicChannels(server.factory, () => 'ws://test/app/key');
    const subscribed = jest.fn();
    channels.watch('excursion-slots.7', { onEvent: jest.fn(), onSubscribed: subscribed });
    server.frame('pusher:connection_established', {});
    server.frame('pusher_internal:subscription_succeeded', {}, 'excursion-slots.7');
    // a page that is unloaded for good (not persisted) keeps its socket to the end
    channels.pageHidden(false);
    expect(server.last().closed).toBe(false);
    window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    expect(server.last().closed).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(server.sockets).toHaveLength(1);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(server.sockets).toHaveLength(2);
    server.frame('pusher:connection_established', {});
    expect(server.sent()).toEqual([{ event: 'pusher:subscribe', data: { channel: 'excursion-slots.7' } }]);
    server.frame('pusher_internal:subscription_succeeded', {}, 'excursion-slots.7');
    expect(subscribed).toHaveBeenCalledTimes(2);
  });
});

describe('applySlotSeats', () => {
  const slot = (id: number) => ({ id, seats_left: 8, bookable: 8, gathering: null }) as unknown as ExcursionEvent;
  it('merges a slot’s seats and group; a slot no longer offered leaves the list; another excursion’s slot changes nothing', () => {
    const list = [slot(1), slot(2)];
    const gathering = { min: 6, booked: 5, decides_at: '2026-12-01T09:00:00.000Z', confirmed: false };
    const next = applySlotSeats(list, { event_id: 2, active: true, seats_left: 3, bookable: 3, gathering });
    expect(next[1]).toMatchObject({ id: 2, seats_left: 3, bookable: 3, gathering });
    expect(next[0]).toBe(list[0]);
    expect(applySlotSeats(list, { event_id: 9, active: true, seats_left: 0, bookable: 0, gathering: null })).toBe(list);
    expect(applySlotSeats(list, { event_id: 1, active: false, seats_left: 8, bookable: 0, gathering: null }).map((e) => e.id)).toEqual([2]);
  });
});
