import { ApiError } from '@excursio/shared';
import { CUSTOMER, deferred, GUIDE, message, thread } from '../../testing/fixtures';
import type { ChatCalls } from './chatCalls';
import { NOT_A_PARTY_TEXT, OFFLINE_TEXT, RATE_LIMITED_TEXT } from './chatErrors';
import { ChatStore } from './ChatStore';

function setup() {
  const calls: jest.Mocked<ChatCalls> = {
    thread: jest.fn().mockResolvedValue(thread([message(1, GUIDE), message(2, CUSTOMER)], { has_more: true })),
    send: jest.fn(async (orderId, text) => ({ status: true, data: { ...message(10, CUSTOMER, text), order_id: orderId } })),
    markRead: jest.fn().mockResolvedValue({ status: true }),
    answerProposal: jest.fn().mockResolvedValue({ status: true }),
  };
  const onRead = jest.fn();
  return { calls, onRead, store: new ChatStore(77, calls, onRead) };
}

const ids = (store: ChatStore) => store.messages.map((m) => m.id);

describe('ChatStore', () => {
  it('loads the newest page, then older ones before the oldest shown', async () => {
    const { calls, store } = setup();
    await store.load();
    expect(store.status).toBe('ready');
    expect(calls.thread).toHaveBeenCalledWith(77);
    store.receive(message(3, GUIDE));
    calls.thread.mockResolvedValueOnce(thread([message(-1, GUIDE), message(0, CUSTOMER), message(1, GUIDE)], { has_more: false }));
    await store.loadOlder();
    expect(calls.thread).toHaveBeenLastCalledWith(77, 1);
    expect(ids(store)).toEqual([-1, 0, 1, 2, 3]);
    expect(store.hasMore).toBe(false);
    await store.loadOlder();
    expect(calls.thread).toHaveBeenCalledTimes(2);
  });

  it('sends the trimmed text, shows the answer once (the push of it too) and empties the field', async () => {
    const { calls, store } = setup();
    await store.load();
    store.setDraft('  Где встречаемся?\nУ входа?  ');
    await store.send();
    expect(calls.send).toHaveBeenCalledWith(77, 'Где встречаемся?\nУ входа?');
    store.receive(message(10, CUSTOMER, 'Где встречаемся?\nУ входа?'));
    expect(ids(store)).toEqual([1, 2, 10]);
    expect(store.draft).toBe('');
  });

  it.each([
    ['429', new ApiError(429, 'Too Many Attempts.'), RATE_LIMITED_TEXT],
    ['network', new ApiError(0, 'offline'), OFFLINE_TEXT],
    ['404', new ApiError(404, 'Not Found.'), NOT_A_PARTY_TEXT],
    ['422 in Russian', new ApiError(422, 'The given data was invalid.', { text: ['Сообщение слишком длинное.'] }), 'Сообщение слишком длинное.'],
    ['422 in English', new ApiError(422, 'The text field is required.', { text: ['The text field is required.'] }), expect.stringMatching(/^Проверьте текст/)],
  ])('keeps the text and says why when sending fails (%s)', async (_case, error, text) => {
    const { calls, store } = setup();
    await store.load();
    calls.send.mockRejectedValueOnce(error);
    store.setDraft('Привет');
    await store.send();
    expect(store.error).toEqual(text);
    expect(store.draft).toBe('Привет');
    expect(store.sending).toBe(false);
  });

  it('sends nothing empty and nothing twice at once', async () => {
    const { calls, store } = setup();
    store.setDraft('   ');
    await store.send();
    const slow = deferred<Awaited<ReturnType<ChatCalls['send']>>>();
    calls.send.mockReturnValueOnce(slow.promise);
    store.setDraft('Раз');
    const first = store.send();
    await store.send();
    slow.resolve({ status: true, data: message(3, CUSTOMER, 'Раз') });
    await first;
    expect(calls.send).toHaveBeenCalledTimes(1);
  });

  it('marks read only the other side’s messages, forward only; the answer and errors are ignored', async () => {
    const { calls, onRead, store } = setup();
    await store.load();
    store.markRead(2); // mine: never unread
    expect(calls.markRead).not.toHaveBeenCalled();
    calls.markRead.mockRejectedValueOnce(new ApiError(500, 'x'));
    store.markRead(1);
    store.markRead(1);
    expect(calls.markRead).toHaveBeenCalledTimes(1);
    expect(calls.markRead).toHaveBeenCalledWith(77, 1);
    expect(onRead).toHaveBeenCalledWith(77, 1);
    expect(store.readUpTo()).toBe(1);
  });

  it('shows «Прочитано» state once the other side has read my last message, live', async () => {
    const { store } = setup();
    await store.load();
    expect(store.lastMineRead).toBe(false);
    store.read(GUIDE.id, 2);
    expect(store.lastMineRead).toBe(true);
    store.read(CUSTOMER.id, 1); // me in another tab
    expect(store.myLastReadId).toBe(1);
  });

  it('after a reconnect joins the newest page when it meets what is shown, replaces it when it does not', async () => {
    const { calls, store } = setup();
    await store.load();
    calls.thread.mockResolvedValueOnce(thread([message(2, CUSTOMER), message(3, GUIDE)], { has_more: true, their_last_read_id: 2 }));
    await store.resync();
    expect(ids(store)).toEqual([1, 2, 3]);
    expect(store.theirLastReadId).toBe(2);
    calls.thread.mockResolvedValueOnce(thread([message(50, GUIDE)], { has_more: true }));
    await store.resync();
    expect(ids(store)).toEqual([50]);
    expect(store.hasMore).toBe(true);
  });

  it('ignores messages of other orders and keeps a push that arrived while loading', async () => {
    const { calls, store } = setup();
    const slow = deferred<ReturnType<typeof thread>>();
    calls.thread.mockReturnValueOnce(slow.promise);
    const load = store.load();
    store.receive(message(5, GUIDE, 'x', 78));
    store.receive(message(3, GUIDE));
    slow.resolve(thread([message(1, GUIDE)]));
    await load;
    expect(ids(store)).toEqual([1, 3]);
  });
});
