import { createEventBus } from '@excursio/shared';
import { createOpenChats, type OpenChat } from '../../lib/openChats';
import { NotificationsStore } from '../../lib/notifications/NotificationsStore';
import { CUSTOMER, fakeNotificationCalls, GUIDE, message, notification, page } from '../../testing/fixtures';
import { realtimeSubscriber } from './realtimeHandlers';

function openChat(orderId: number, readUpTo = 0): jest.Mocked<OpenChat> {
  return { orderId, receive: jest.fn(), read: jest.fn(), resync: jest.fn(), readUpTo: jest.fn(() => readUpTo) };
}

function setup(me: { id: number; user_type: 'client' | 'partner' } | null = { id: CUSTOMER.id, user_type: 'client' }) {
  const calls = fakeNotificationCalls();
  const notifications = new NotificationsStore(calls);
  const chats = createOpenChats();
  const bus = createEventBus();
  const toasts = jest.fn();
  bus.on('toast:show', toasts);
  const received = jest.fn();
  bus.on('notifications:received', received);
  const subscriber = realtimeSubscriber({ notifications, chats, bus, me: () => me });
  const emit = (event: string, payload: unknown) => subscriber.events[event]?.(payload as never);
  return { calls, notifications, chats, toasts, received, subscriber, emit, bus };
}

describe('realtime events', () => {
  it('listens to the four contract events with the leading dot on the owner’s channel', () => {
    const { subscriber } = setup();
    expect(Object.keys(subscriber.events).sort()).toEqual(['.ChatMessageSent', '.ChatMessagesRead', '.NotificationSent', '.OrderGathering']);
    expect(subscriber.channelOf(9)).toBe('App.Models.User.9');
  });

  it('a chat message for an order whose chat is closed is a chat toast for the receiver', () => {
    const { emit, toasts } = setup({ id: GUIDE.id, user_type: 'partner' });
    emit('.ChatMessageSent', { message: message(31, CUSTOMER, 'Где встречаемся?', 77), sender: CUSTOMER });
    expect(toasts).toHaveBeenCalledWith({
      type: 'chat',
      message: 'Где встречаемся?',
      chat: { avatar_path: null, name: 'Анна', user_type: 'partner', order_id: 77, message_id: 31 },
    });
  });

  it('a chat message for an open chat goes there, not to a toast; my own from another tab is never a toast', () => {
    const { emit, toasts, chats } = setup();
    const chat = openChat(77);
    const unregister = chats.register(chat);
    const incoming = message(31, GUIDE, 'Привет', 77);
    emit('.ChatMessageSent', { message: incoming, sender: GUIDE });
    expect(chat.receive).toHaveBeenCalledWith(incoming);
    unregister();
    emit('.ChatMessageSent', { message: message(32, CUSTOMER, 'Из другой вкладки', 77), sender: CUSTOMER });
    expect(toasts).not.toHaveBeenCalled();
    emit('.ChatMessageSent', { message: message(33, GUIDE, 'Ещё', 77), sender: GUIDE });
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(toasts.mock.calls[0]?.[0]).toMatchObject({ chat: { user_type: 'client', order_id: 77, avatar_path: '/media/avatars/5.jpg', name: 'Михаил Орлов (организатор; гид — Ольга Орлова)' } });
  });

  it('tells the pages on the bus which notification arrived (an open order page reloads its order)', () => {
    const { emit, received } = setup();
    const incoming = notification(7);
    emit('.NotificationSent', { notification: incoming });
    expect(received).toHaveBeenCalledWith({ type: incoming.type, data: incoming.data });
  });

  it('a group that gathers is told on the bus with its numbers (the order page shows them without a request)', () => {
    const { emit, bus } = setup();
    const gathered = jest.fn();
    bus.on('order:gathering', gathered);
    const gathering = { min: 6, booked: 5, decides_at: '2026-12-01T09:00:00.000Z', confirmed: false };
    emit('.OrderGathering', { order_id: 77, gathering });
    expect(gathered).toHaveBeenCalledWith({ order_id: 77, gathering });
  });

  it('shortens a long message in the toast', () => {
    const { emit, toasts } = setup();
    emit('.ChatMessageSent', { message: message(1, GUIDE, 'а'.repeat(500)), sender: GUIDE });
    expect((toasts.mock.calls[0]?.[0] as { message: string }).message).toHaveLength(200);
  });

  it('read receipts go to the order’s open chat', () => {
    const { emit, chats } = setup();
    const chat = openChat(77);
    chats.register(chat);
    emit('.ChatMessagesRead', { order_id: 77, reader_id: GUIDE.id, last_read_id: 40 });
    emit('.ChatMessagesRead', { order_id: 78, reader_id: GUIDE.id, last_read_id: 41 });
    expect(chat.read).toHaveBeenCalledTimes(1);
    expect(chat.read).toHaveBeenCalledWith(GUIDE.id, 40);
  });

  it('a notification goes to the store; one about a message its open chat has shown is read at once', () => {
    const { emit, notifications, chats, calls } = setup();
    chats.register(openChat(77, 31));
    emit('.NotificationSent', { notification: notification(1, { type: 'client_order_paid' }) });
    emit('.NotificationSent', { notification: notification(2, { type: 'client_chat_message', data: { order_id: 77, message_id: 31 } }) });
    emit('.NotificationSent', { notification: notification(3, { type: 'client_chat_message', data: { order_id: 77, message_id: 32 } }) });
    expect(notifications.all.map((n) => [n.id, n.viewed])).toEqual([[3, 0], [2, 1], [1, 0]]);
    expect(calls.markViewed).toHaveBeenCalledWith(2);
    expect(notifications.unread).toBe(2);
  });

  it('every (re)subscription catches up: what arrived while the socket was away, each once; open chats reload', async () => {
    const { calls, notifications, chats, subscriber, emit } = setup();
    const chat = openChat(77);
    chats.register(chat);
    calls.list.mockResolvedValueOnce(page([2, 1], 1, 1));
    subscriber.onSubscribed();
    await notifications.catchUp();
    emit('.NotificationSent', { notification: notification(3) });
    calls.since.mockResolvedValueOnce({ status: true, data: { notifications: [notification(3), notification(4)], unread: 4 } });
    subscriber.onSubscribed();
    await notifications.catchUp();
    expect(calls.since).toHaveBeenCalledWith(3);
    expect(notifications.all.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(chat.resync).toHaveBeenCalledTimes(2);
  });
});
