import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus, type OrderListItem } from '@excursio/shared';
import { renderAccount, signInAs, ANNA } from '../../testing/renderAccount';
import { countdownText, dashboardOf } from './dashboard';
import { dashboardCalls } from './dashboardCalls';

const ok = <T,>(data: T) => ({ status: true as const, data });
const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 48, total: data.length });
const order = (id: number, status: OrderListItem['status'], startsAt: string, title = `Экскурсия ${id}`): OrderListItem => ({
  id,
  status,
  created_at: '2026-11-01T10:00:00Z',
  excursion: {
    id: 7,
    slug: 'x',
    title,
    photo_url: '/p.jpg',
    city_slug: 'moskva',
    city_name: 'Москва',
    region_slug: 'moskva',
    time_zone: 'Europe/Moscow',
    meeting_point: 'у памятника Пушкину',
    duration_minutes: 120,
    format: 'group',
    price_type: 'per_person',
    cancellation_terms: '',
  },
  event: { id: 1, starts_at: startsAt },
  seats: 2,
  total: 5000,
  prepayment: 750,
});

afterEach(() => jest.restoreAllMocks());

describe('account main page (dashboard)', () => {
  it('shows the next trip with its countdown, what needs action, and every section', async () => {
    signInAs(undefined, [3, 5, 8]);
    const soon = new Date(Date.now() + 3 * 86400000 + 3600000).toISOString();
    jest.spyOn(dashboardCalls, 'orders').mockResolvedValue(
      ok(page([order(1, 'confirmed', soon, 'Сердце столицы'), order(2, 'awaiting_payment', soon), order(3, 'awaiting_confirmation', soon)])),
    );
    jest.spyOn(dashboardCalls, 'unreadChats').mockResolvedValue(ok({ total: 2, orders: { '1': 2 } }));
    jest.spyOn(dashboardCalls, 'reviews').mockRejectedValue(new Error('down'));
    renderAccount('/account/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Здравствуйте, Анна Смирнова!' })).toBeInTheDocument();
    const next = await screen.findByRole('region', { name: 'Ближайшая поездка' });
    expect(within(next).getByRole('link', { name: 'Сердце столицы' })).toHaveAttribute('href', '/account/user/1');
    expect(within(next).getByText('через 3 дня')).toBeInTheDocument();
    expect(within(next).getByText(/у памятника Пушкину/)).toBeInTheDocument();
    const attention = screen.getByRole('region', { name: 'Требует внимания' });
    const items = within(attention).getAllByRole('link').map((a) => a.textContent);
    expect(items[0]).toMatch(/^Оплатите предоплату 750\s₽ по заказу №2/);
    expect(items[1]).toMatch(/^2 новых сообщения от гида по заказу №1 — «Сердце столицы»/);
    expect(items[2]).toMatch(/^Гид ещё не ответил на заказ №3/);
    const nav = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(nav).getByRole('link', { name: /Избранное/ })).toHaveTextContent('3 экскурсии');
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    await waitFor(() => expect(document.title).toBe('Личный кабинет — Excursio'));
  });

  it('follows the orders live: a guide’s decline takes the request off «Требует внимания» without a reload', async () => {
    signInAs(undefined, []);
    const soon = new Date(Date.now() + 3 * 86400000).toISOString();
    jest
      .spyOn(dashboardCalls, 'orders')
      .mockResolvedValueOnce(ok(page([order(3, 'awaiting_confirmation', soon)])))
      .mockResolvedValue(ok(page([order(3, 'declined', soon)])));
    jest.spyOn(dashboardCalls, 'unreadChats').mockResolvedValue(ok({ total: 0, orders: {} }));
    jest.spyOn(dashboardCalls, 'reviews').mockResolvedValue(ok({ reviews: [], awaiting: [] }));
    renderAccount('/account/user');
    const attention = await screen.findByRole('region', { name: 'Требует внимания' });
    expect(await within(attention).findByText(/Гид ещё не ответил на заказ №3/)).toBeInTheDocument();
    act(() => bus.emit('notifications:received', { type: 'client_order_declined', data: { order_id: 3 } }));
    expect(await within(attention).findByText(/ничего не ждёт вашего ответа/)).toBeInTheDocument();
  });

  it('asks a new account for its name (skippable) and says when nothing is planned', async () => {
    window.localStorage.clear();
    signInAs({ ...ANNA, name: 'Путешественник' }, []);
    jest.spyOn(dashboardCalls, 'orders').mockResolvedValue(ok(page([])));
    jest.spyOn(dashboardCalls, 'unreadChats').mockResolvedValue(ok({ total: 0, orders: {} }));
    jest.spyOn(dashboardCalls, 'reviews').mockResolvedValue(ok({ reviews: [], awaiting: [] }));
    const opened = jest.fn();
    bus.on('modal:open', opened);
    renderAccount('/account/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Указать имя' }));
    expect(opened).toHaveBeenCalledWith({ type: 'profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Не сейчас' }));
    expect(screen.queryByRole('heading', { name: 'Как к вам обращаться?' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Поездок пока не запланировано/)).toBeInTheDocument();
    expect(screen.getByText(/ничего не ждёт вашего ответа/)).toBeInTheDocument();
    bus.off('modal:open', opened);
  });
});

describe('dashboard rules', () => {
  it('picks the nearest future confirmed trip; past ones and other statuses are not trips', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const d = dashboardOf(
      [order(1, 'confirmed', '2026-11-30T10:00:00Z'), order(2, 'confirmed', '2026-11-26T10:00:00Z'), order(3, 'confirmed', '2026-11-20T10:00:00Z'), order(4, 'completed', '2026-11-25T10:00:00Z')],
      {},
      { reviews: [], awaiting: [{ order_id: 4, starts_at: '2026-11-20T10:00:00Z', time_zone: 'Europe/Moscow', excursion: { id: 7, title: 'Замоскворечье', path: '/x' } }] },
      now,
    );
    expect(d.next?.id).toBe(2);
    expect(d.attention).toEqual([{ kind: 'review', orderId: 4, title: 'Замоскворечье' }]);
  });

  it('counts down in days, then hours, then minutes', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(countdownText('2026-11-27T11:00:00Z', now)).toBe('через 3 дня');
    expect(countdownText('2026-11-24T15:30:00Z', now)).toBe('через 5 часов');
    expect(countdownText('2026-11-24T10:20:00Z', now)).toBe('через 20 минут');
  });
});
