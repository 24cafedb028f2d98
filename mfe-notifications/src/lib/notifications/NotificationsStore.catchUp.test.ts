import { deferred, fakeNotificationCalls, notification, page } from '../../testing/fixtures';
import type { NotificationPage } from '@excursio/shared/contracts';
import { NotificationsStore } from './NotificationsStore';

const ids = (list: { id: number }[]) => list.map((n) => n.id);

function setup() {
  const calls = fakeNotificationCalls();
  const report = jest.fn();
  return { calls, report, store: new NotificationsStore(calls, report) };
}

describe('NotificationsStore catch-up (nothing lost)', () => {
  it('first subscription with nothing held: page 1 and the count; after a reconnect: since the newest id, each once', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([10, 9], 1, 1));
    calls.unreadCount.mockResolvedValueOnce({ status: true, data: { unread: 1 } });
    await store.catchUp();
    expect(calls.since).not.toHaveBeenCalled();
    store.receive(notification(11));
    // the socket drops; 12 and 13 are created meanwhile; it reconnects
    calls.since.mockResolvedValueOnce({ status: true, data: { notifications: [notification(11), notification(12), notification(13)], unread: 4 } });
    await store.catchUp();
    expect(calls.since).toHaveBeenCalledWith(11);
    store.receive(notification(13));
    expect(ids(store.all)).toEqual([13, 12, 11, 10, 9]);
    expect(store.unread).toBe(4);
    calls.since.mockResolvedValueOnce({ status: true, data: { notifications: [], unread: 4 } });
    await store.catchUp();
    expect(calls.since).toHaveBeenLastCalledWith(13);
  });

  it('runs one catch-up at a time and once more for a subscription meanwhile', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([1], 1, 1));
    await store.loadPage(1);
    const slow = deferred<Awaited<ReturnType<typeof calls.since>>>();
    calls.since.mockReturnValueOnce(slow.promise);
    const a = store.catchUp();
    const b = store.catchUp();
    expect(calls.since).toHaveBeenCalledTimes(1);
    // a push arrives while the first catch-up is under way, newer than its answer
    store.receive(notification(3));
    slow.resolve({ status: true, data: { notifications: [notification(2)], unread: 1 } });
    await Promise.all([a, b]);
    expect(calls.since).toHaveBeenCalledTimes(2);
    expect(calls.since).toHaveBeenLastCalledWith(3);
    expect(ids(store.all)).toEqual([3, 2, 1]);
  });

  it('asks again from the last id while the answers are full (the api sends at most 100)', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([1], 1, 1));
    await store.loadPage(1);
    const hundred = Array.from({ length: 100 }, (_, i) => notification(i + 2));
    calls.since
      .mockResolvedValueOnce({ status: true, data: { notifications: hundred, unread: 130 } })
      .mockResolvedValueOnce({ status: true, data: { notifications: [notification(102), notification(103)], unread: 102 } });
    await store.catchUp();
    expect(calls.since.mock.calls.map((c) => c[0])).toEqual([1, 101]);
    expect(store.all).toHaveLength(103);
    expect(store.unread).toBe(102);
  });

  it('counts a push during a catch-up that its answer predates', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([1], 1, 1, { viewed: 1 }));
    await store.loadPage(1);
    const slow = deferred<Awaited<ReturnType<typeof calls.since>>>();
    calls.since.mockReturnValueOnce(slow.promise).mockResolvedValue({ status: true, data: { notifications: [], unread: 2 } });
    const run = store.catchUp();
    store.receive(notification(3));
    slow.resolve({ status: true, data: { notifications: [notification(2)], unread: 1 } });
    await run;
    expect(store.unread).toBe(2);
  });

  it('drops everything of the previous account on reset, and answers that arrive after it', async () => {
    const { calls, store } = setup();
    const late = deferred<NotificationPage>();
    calls.list.mockReturnValueOnce(late.promise);
    const load = store.loadPage(1);
    store.receive(notification(5));
    store.reset();
    late.resolve(page([4], 1, 1));
    await load;
    expect(store.all).toEqual([]);
    expect(store.unread).toBe(0);
    store.receive(notification(5));
    expect(ids(store.all)).toEqual([5]);
  });
});
