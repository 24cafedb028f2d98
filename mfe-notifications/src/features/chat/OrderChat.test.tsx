import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@excursio/shared';
import { CUSTOMER, GUIDE, message, thread } from '../../testing/fixtures';
import { chatCalls } from './chatCalls';
import { openChats } from '../../lib/openChats';
import { MASKED_CONTACTS_NOTE, OrderChat } from './OrderChat';

/** IntersectionObserver as the test says: nothing is in view until `show` is called. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.current.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  show(target: Element, ratio = 1) {
    const entry = { target, isIntersecting: ratio > 0, intersectionRatio: ratio, intersectionRect: { height: 20 } };
    this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
};
const observer = () => FakeIntersectionObserver.current.at(-1)!;
const item = (text: string | RegExp) => screen.getByText(text).closest('li')!;

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  visibility = 'visible';
  FakeIntersectionObserver.current = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  jest.spyOn(chatCalls, 'markRead').mockResolvedValue({ status: true });
});
afterEach(() => jest.restoreAllMocks());

function renderChat(data = thread([message(1, GUIDE, 'Здравствуйте!\nЖду вас у входа'), message(2, CUSTOMER, '<b>x</b>')])) {
  jest.spyOn(chatCalls, 'thread').mockResolvedValue(data);
  return render(<OrderChat orderId={77} userType="client" />);
}

describe('OrderChat', () => {
  it('shows the messages as text in an accessible log, mine on the right, never HTML', async () => {
    renderChat();
    const log = await screen.findByRole('log', { name: 'Переписка с Михаил Орлов (организатор; гид — Ольга Орлова)' });
    expect(screen.getByText('Собеседник: Михаил Орлов (организатор; гид — Ольга Орлова)')).toBeInTheDocument();
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(log).getByText('<b>x</b>')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    expect(item('<b>x</b>')).toHaveClass('nt-chat__msg--mine');
    expect(item('<b>x</b>')).toHaveTextContent(/^Вы:/);
    expect(screen.getByText(/Здравствуйте!/).textContent).toBe('Здравствуйте!\nЖду вас у входа');
    expect(screen.getByLabelText('Сообщение')).toBeInstanceOf(HTMLTextAreaElement);
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeInTheDocument();
    expect(screen.queryByText(MASKED_CONTACTS_NOTE)).not.toBeInTheDocument();
  });

  it('says why phones and e-mails are hidden until the prepayment, and says what an empty chat is for', async () => {
    renderChat(thread([], { contacts_masked: true }));
    expect(await screen.findByText(MASKED_CONTACTS_NOTE)).toBeInTheDocument();
    expect(screen.getByText(/Сообщений пока нет/)).toBeInTheDocument();
  });

  it('Enter sends, Shift+Enter is a new line; the field empties after', async () => {
    const send = jest.spyOn(chatCalls, 'send').mockResolvedValue({ status: true, data: message(3, CUSTOMER, 'Раз\nДва') });
    renderChat();
    const field = await screen.findByLabelText('Сообщение');
    const user = userEvent.setup();
    await user.type(field, 'Раз{Shift>}{Enter}{/Shift}Два');
    expect(send).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenCalledWith(77, 'Раз\nДва');
    expect(await screen.findByText((_, el) => el?.textContent === 'Раз\nДва' && el.tagName === 'P')).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('keeps the text and shows the reason under the field when sending fails', async () => {
    jest.spyOn(chatCalls, 'send').mockRejectedValue(new ApiError(429, 'Too Many Attempts.'));
    renderChat();
    const field = await screen.findByLabelText('Сообщение');
    fireEvent.change(field, { target: { value: 'Привет' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много сообщений, подождите немного');
    expect(field).toHaveValue('Привет');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('counts down the characters near the 2,000 limit', async () => {
    renderChat();
    const field = await screen.findByLabelText('Сообщение');
    expect(field).toHaveAttribute('maxLength', '2000');
    fireEvent.change(field, { target: { value: 'а'.repeat(1900) } });
    expect(screen.getByText('Осталось 100 символов')).toBeInTheDocument();
  });

  it('marks the other side’s message read only once it is in view while the page is visible', async () => {
    renderChat();
    await screen.findByRole('log');
    expect(chatCalls.markRead).not.toHaveBeenCalled();
    expect([...observer().targets]).toEqual([item(/Здравствуйте/)]);
    setVisibility('hidden');
    act(() => observer().show(item(/Здравствуйте/)));
    expect(chatCalls.markRead).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(chatCalls.markRead).toHaveBeenCalledWith(77, 1);
    expect(chatCalls.markRead).toHaveBeenCalledTimes(1);
  });

  it('does not count a message barely in view', async () => {
    renderChat();
    await screen.findByRole('log');
    act(() => observer().show(item(/Здравствуйте/), 0.1));
    expect(chatCalls.markRead).not.toHaveBeenCalled();
  });

  it('shows new messages and «Прочитано» live while open, and leaves the registry on unmount', async () => {
    const { unmount } = renderChat();
    await screen.findByRole('log');
    const [chat] = openChats.of(77);
    expect(chat).toBeDefined();
    act(() => chat!.receive(message(5, GUIDE, 'Уже подхожу')));
    expect(screen.getByText('Уже подхожу')).toBeInTheDocument();
    expect(screen.queryByText('Прочитано')).not.toBeInTheDocument();
    act(() => chat!.read(GUIDE.id, 2));
    expect(within(item('<b>x</b>')).getByText('Прочитано')).toBeInTheDocument();
    unmount();
    expect(openChats.of(77)).toEqual([]);
  });

  describe('the guide’s proposed times (issue 32 §2)', () => {
    const proposal = (status: 'pending' | 'accepted' | 'refused' = 'pending') => ({
      id: 3,
      order_id: 77,
      status,
      message: 'Могу в другие дни',
      expires_at: '2026-05-03T07:00:00.000Z',
      created_at: '2026-05-02T07:00:00.000Z',
      slots: [
        { event_id: 11, starts_at: '2026-05-05T07:00:00.000Z', label: '5 мая, 10:00', total: 3900, difference: 0 },
        { event_id: 12, starts_at: '2026-05-06T07:00:00.000Z', label: '6 мая, 10:00', total: 4500, difference: 600 },
      ],
    });
    const withProposal = (status: 'pending' | 'accepted' | 'refused' = 'pending') =>
      thread([{ ...message(1, GUIDE, 'Могу в другие дни'), proposal: proposal(status) }]);

    it('are buttons for the customer: one tap takes a time, the proposal re-read shows it taken', async () => {
      renderChat(withProposal());
      const answer = jest.spyOn(chatCalls, 'answerProposal').mockResolvedValue({ status: true });
      const group = await screen.findByRole('group', { name: 'Предложенное гидом время' });
      expect(within(group).getByRole('button', { name: /5 мая, 10:00 стоимость та же/ })).toBeInTheDocument();
      jest.spyOn(chatCalls, 'thread').mockResolvedValue(withProposal('accepted'));
      await userEvent.click(within(group).getByRole('button', { name: /6 мая, 10:00 стоимость 4\s500\s₽ \(\+600\s₽\)/ }));
      expect(answer).toHaveBeenCalledWith(77, 12);
      expect(await screen.findByText('Время выбрано: заказ перенесён.')).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Предложенное гидом время' })).not.toBeInTheDocument();
    });

    it('«Ни одно не подходит» asks once more, then cancels; a refusal from the server is shown under the buttons', async () => {
      renderChat(withProposal());
      const answer = jest.spyOn(chatCalls, 'answerProposal').mockRejectedValueOnce(new ApiError(409, 'На это время мест уже не осталось: выберите другое.', {}));
      await userEvent.click(await screen.findByRole('button', { name: /5 мая/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent('На это время мест уже не осталось');
      await userEvent.click(screen.getByRole('button', { name: 'Ни одно не подходит' }));
      expect(answer).toHaveBeenCalledTimes(1);
      expect(screen.getByText('Заказ будет отменён, предоплата вернётся полностью.')).toBeInTheDocument();
      answer.mockResolvedValueOnce({ status: true });
      await userEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
      expect(answer).toHaveBeenLastCalledWith(77, null);
    });

    it('are a list for the guide, without buttons', async () => {
      renderChat(thread([{ ...message(1, GUIDE, 'Могу в другие дни'), proposal: proposal() }], { me: GUIDE, counterpart: CUSTOMER }));
      expect(await screen.findByText(/6 мая, 10:00 — стоимость/)).toBeInTheDocument();
      expect(screen.getByText('Ждём ответа путешественника.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /5 мая/ })).not.toBeInTheDocument();
    });
  });
});
