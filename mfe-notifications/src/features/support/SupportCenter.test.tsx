import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SupportTicket } from '@excursio/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '@excursio/shared';
import { signInAs } from '../../testing/render';
import { SupportCenter } from './SupportCenter';
import { supportCalls } from './supportCalls';

const ok = <T,>(data: T) => ({ status: true as const, data });
const unprocessable = (errors: Record<string, string[]>) => new ApiError(422, Object.values(errors)[0]![0]!, errors);
const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length });

/** The widget on an account's support page, as the account remotes place it. */
function renderAccount(url: string, userType: 'client' | 'partner' = 'partner') {
  const path = new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter([{ path, element: <SupportCenter userType={userType} /> }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

const ticket = (over: Partial<SupportTicket> = {}): SupportTicket => ({
  id: 5,
  subject: 'Не приходят уведомления',
  status: 'open',
  order_id: null,
  excursion: { id: 7, title: 'Сердце столицы' },
  user: { id: 2, name: 'Михаил Орлов', user_type: 'partner' },
  last_message: 'Перестали приходить письма.',
  messages_count: 1,
  created_at: '2026-05-10T09:00:00Z',
  updated_at: '2026-05-10T09:00:00Z',
  messages: [{ id: 1, from_support: false, author_name: 'Михаил Орлов', text: 'Перестали приходить письма.', created_at: '2026-05-10T09:00:00Z' }],
  ...over,
});

beforeEach(() => signInAs('partner'));
afterEach(() => jest.restoreAllMocks());

describe('support center (the customer’s and the partner’s support page)', () => {
  it('lists tickets with their status; an empty list says what to do', async () => {
    jest.spyOn(supportCalls, 'tickets').mockResolvedValueOnce(ok(page([ticket()]))).mockResolvedValueOnce(ok(page([])));
    renderAccount('/account/partner/support');
    expect(await screen.findByText('Не приходят уведомления')).toBeInTheDocument();
    expect(screen.getByText('Ждёт ответа', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(/1 сообщение/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'closed' } });
    expect(await screen.findByText('Нет обращений с этим статусом.')).toBeInTheDocument();
  });

  it('opens a ticket with an excursion; required fields are checked first', async () => {
    jest.spyOn(supportCalls, 'tickets').mockResolvedValue(ok(page([])));
    jest.spyOn(supportCalls, 'subjects').mockResolvedValue(ok({ orders: [{ id: 42, label: '№42 · Сердце столицы' }], excursions: [{ id: 7, title: 'Сердце столицы' }] }));
    const create = jest.spyOn(supportCalls, 'create').mockResolvedValue(ok(ticket()));
    jest.spyOn(supportCalls, 'ticket').mockResolvedValue(ok(ticket()));
    renderAccount('/account/partner/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Новое обращение' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Укажите тему обращения.')).toBeInTheDocument();
    expect(screen.getByText('Напишите сообщение.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Тема'), { target: { value: 'Не приходят уведомления' } });
    await screen.findByRole('option', { name: 'Сердце столицы' });
    fireEvent.change(screen.getByLabelText('Экскурсия (необязательно)'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Перестали приходить письма.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ subject: 'Не приходят уведомления', text: 'Перестали приходить письма.', excursion_id: 7 }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Не приходят уведомления' })).toBeInTheDocument();
  });

  it('names a draft saved without a title instead of offering an empty excursion', async () => {
    jest.spyOn(supportCalls, 'tickets').mockResolvedValue(ok(page([])));
    jest.spyOn(supportCalls, 'subjects').mockResolvedValue(ok({ orders: [], excursions: [{ id: 9, title: '' }, { id: 7, title: 'Сердце столицы' }] }));
    const create = jest.spyOn(supportCalls, 'create').mockResolvedValue(ok(ticket({ excursion: { id: 9, title: '' } })));
    jest.spyOn(supportCalls, 'ticket').mockResolvedValue(ok(ticket({ excursion: { id: 9, title: '' } })));
    renderAccount('/account/partner/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Новое обращение' }));
    await screen.findByRole('option', { name: 'Сердце столицы' });
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('Без названия (№9)');
    expect(options.every((text) => text && text.trim() !== '')).toBe(true);
    fireEvent.change(screen.getByLabelText('Тема'), { target: { value: 'Черновик' } });
    fireEvent.change(screen.getByLabelText('Экскурсия (необязательно)'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Не сохраняется описание.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ subject: 'Черновик', text: 'Не сохраняется описание.', excursion_id: 9 }));
    expect(await screen.findByText(/· Без названия \(№9\)/)).toBeInTheDocument();
  });

  it('shows the conversation with the support’s answer, writes and closes (?ticket=5 from a notification)', async () => {
    const answered = ticket({
      status: 'answered',
      messages: [
        ...ticket().messages,
        { id: 2, from_support: true, author_name: 'Служба поддержки', text: 'Проверили: письма снова уходят.', created_at: '2026-05-10T10:00:00Z' },
      ],
    });
    jest.spyOn(supportCalls, 'ticket').mockResolvedValue(ok(answered));
    const write = jest
      .spyOn(supportCalls, 'write')
      .mockRejectedValueOnce(unprocessable({ text: ['Сообщение длиннее 5000 символов.'] }))
      .mockResolvedValueOnce(ok({ ...answered, status: 'open', messages: [...answered.messages, { id: 3, from_support: false, author_name: 'Михаил Орлов', text: 'Спасибо!', created_at: '2026-05-10T11:00:00Z' }] }));
    const close = jest.spyOn(supportCalls, 'close').mockResolvedValue(ok({ ...answered, status: 'closed' }));
    renderAccount('/account/partner/support?ticket=5');
    expect(await screen.findByText('Проверили: письма снова уходят.')).toBeInTheDocument();
    expect(screen.getByText('Есть ответ', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Служба поддержки')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Ваше сообщение'), { target: { value: 'Спасибо!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Сообщение длиннее 5000 символов.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Спасибо!')).toBeInTheDocument();
    expect(write).toHaveBeenLastCalledWith(5, 'Спасибо!');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть обращение' }));
    expect(await screen.findByText('Закрыто', { selector: 'span' })).toBeInTheDocument();
    expect(close).toHaveBeenCalledWith(5);
    expect(screen.getByLabelText('Написать снова (обращение откроется)')).toBeInTheDocument();
  });

  it('starts a ticket about an order opened from the order page (?order=42); a customer sees no excursion field', async () => {
    signInAs('client');
    jest.spyOn(supportCalls, 'tickets').mockResolvedValue(ok(page([])));
    jest.spyOn(supportCalls, 'subjects').mockResolvedValue(ok({ orders: [{ id: 42, label: '№42 · Сердце столицы' }], excursions: [] }));
    const create = jest.spyOn(supportCalls, 'create').mockResolvedValue(ok(ticket({ order_id: 42, excursion: null })));
    jest.spyOn(supportCalls, 'ticket').mockResolvedValue(ok(ticket({ order_id: 42, excursion: null })));
    renderAccount('/account/user/support?order=42', 'client');
    expect(await screen.findByRole('heading', { level: 2, name: 'Новое обращение' })).toBeInTheDocument();
    expect(screen.getByLabelText('Тема')).toHaveValue('Вопрос по заказу №42');
    await screen.findByRole('option', { name: '№42 · Сердце столицы' });
    expect(screen.getByLabelText('Заказ (необязательно)')).toHaveValue('42');
    expect(screen.queryByLabelText('Экскурсия (необязательно)')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Можно ли взять собаку?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ subject: 'Вопрос по заказу №42', text: 'Можно ли взять собаку?', order_id: 42 }),
    );
  });
});
