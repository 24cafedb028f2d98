import { deferred, fakeNotificationCalls, notification, page } from '../../testing/fixtures';
import type { NotificationPage } from '@excursio/shared/contracts';
import { NotificationsStore } from './NotificationsStore';

const ids = (list: { id: number }[]) => list.map((n) => n.id);

function setup() {
  const calls = fakeNotificationCalls();
  const report = jest.fn();
  return { calls, report, store: new NotificationsStore(calls, report) };
}

describe('NotificationsStore lists (spec §4)', () => {
  it('page 1 resets all lists; later pages append, duplicates by id ignored', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([9, 8, 7], 1, 3)).mockResolvedValueOnce(page([7, 6, 5], 2, 3)).mockResolvedValueOnce(page([4, 3], 1, 2));
    await store.loadPage(1);
    await store.loadMore();
    expect(ids(store.all)).toEqual([9, 8, 7, 6, 5]);
    await store.loadPage(1);
    expect(ids(store.all)).toEqual([4, 3]);
    expect(store.page).toBe(1);
    expect(store.lastPage).toBe(2);
  });

  it('never fetches a page beyond last_page', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([2, 1], 1, 1));
    await store.loadPage(1);
    expect(store.hasMore).toBe(false);
    await store.loadMore();
    await store.loadPage(2);
    expect(calls.list).toHaveBeenCalledTimes(1);
  });

  it('runs no two loads at once: a second call waits for the one under way', async () => {
    const { calls, store } = setup();
    const first = deferred<NotificationPage>();
    calls.list.mockReturnValueOnce(first.promise);
    const a = store.loadPage(1);
    const b = store.loadPage(1);
    void store.loadMore();
    expect(store.loading).toBe(true);
    expect(calls.list).toHaveBeenCalledTimes(1);
    first.resolve(page([3, 2], 1, 2));
    await Promise.all([a, b]);
    expect(store.loading).toBe(false);
    expect(ids(store.all)).toEqual([3, 2]);
  });

  it('the unviewed filter asks for viewed=false and replaces a load of the other list under way', async () => {
    const { calls, store } = setup();
    const all = deferred<NotificationPage>();
    calls.list.mockReturnValueOnce(all.promise).mockResolvedValueOnce(page([5], 1, 1));
    const first = store.loadPage(1);
    store.setUnviewedOnly(true);
    expect(calls.list).toHaveBeenLastCalledWith(1, true, expect.any(AbortSignal));
    expect(calls.list.mock.calls[0]?.[2]?.aborted).toBe(true);
    const filtered = store.loadPage(1);
    expect(calls.list).toHaveBeenCalledTimes(2);
    all.resolve(page([9, 8, 7], 1, 1));
    await Promise.all([first, filtered]);
    expect(ids(store.all)).toEqual([5]);
  });

  it('puts a pushed notification on top of the all list and of the user or partner list by type prefix', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([3, 2], 1, 1));
    await store.loadPage(1);
    store.receive(notification(4, { type: 'partner_order_new' }));
    store.receive(notification(5, { type: 'client_chat_message' }));
    store.receive(notification(5, { type: 'client_chat_message' }));
    expect(ids(store.all)).toEqual([5, 4, 3, 2]);
    expect(ids(store.user)).toEqual([5, 3, 2]);
    expect(ids(store.partner)).toEqual([4]);
    expect(store.unread).toBe(2);
  });

  it('keeps what was pushed while page 1 loaded', async () => {
    const { calls, store } = setup();
    const answer = deferred<NotificationPage>();
    calls.list.mockReturnValueOnce(answer.promise);
    const load = store.loadPage(1);
    store.receive(notification(11));
    answer.resolve(page([10, 9], 1, 1));
    await load;
    expect(ids(store.all)).toEqual([11, 10, 9]);
  });

  it('marks one viewed locally and on the server, once; the bell hears every change', async () => {
    const { calls, report, store } = setup();
    calls.list.mockResolvedValueOnce(page([2, 1], 1, 1));
    calls.unreadCount.mockResolvedValueOnce({ status: true, data: { unread: 2 } });
    await store.refresh();
    store.markViewed(2);
    store.markViewed(2);
    expect(store.all[0]?.viewed).toBe(1);
    expect(calls.markViewed).toHaveBeenCalledTimes(1);
    expect(calls.markViewed).toHaveBeenCalledWith(2);
    expect(report.mock.calls.map((c) => c[0])).toEqual([2, 1]);
  });

  it('set-viewed, then page 1 again; the count goes to 0', async () => {
    const { calls, store } = setup();
    calls.list.mockResolvedValueOnce(page([2, 1], 1, 1)).mockResolvedValueOnce(page([], 1, 1));
    calls.unreadCount.mockResolvedValueOnce({ status: true, data: { unread: 2 } });
    await store.refresh();
    store.setUnviewedOnly(true);
    await store.markAllViewed();
    expect(calls.setViewed).toHaveBeenCalledTimes(1);
    expect(calls.list).toHaveBeenLastCalledWith(1, true, expect.any(AbortSignal));
    expect(store.all).toEqual([]);
    expect(store.unread).toBe(0);
  });

  it('marks the chat notifications of an order read up to a message', () => {
    const { store } = setup();
    store.receive(notification(1, { type: 'client_chat_message', data: { order_id: 77, message_id: 30 } }));
    store.receive(notification(2, { type: 'client_chat_message', data: { order_id: 77, message_id: 31 } }));
    store.receive(notification(3, { type: 'client_chat_message', data: { order_id: 78, message_id: 5 } }));
    store.markChatViewed(77, 30);
    expect(store.all.map((n) => [n.id, n.viewed])).toEqual([[3, 0], [2, 0], [1, 1]]);
  });
});
