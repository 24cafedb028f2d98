import { act, screen, within } from '@testing-library/react';
import { bus } from '@excursio/shared';
import { callsTo, fakeApi, ok } from '../../testing/fakeApi';
import { dashboard } from '../../testing/fixtures';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

describe('back-office dashboard', () => {
  it("shows today's figures in roubles, the queues with their oldest item's age and the 30-day charts", async () => {
    fakeApi({ ...meRoute(), 'GET /api/staff/dashboard': () => ok(dashboard()) });
    renderBackoffice('/backoffice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сводка' })).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Сегодня' });
    expect(within(today).getByText('Оплачено').nextSibling).toHaveTextContent(/48\s500\s₽/);
    expect(within(today).getByText('Комиссия').nextSibling).toHaveTextContent(/7\s275\s₽/);

    const queues = screen.getByRole('region', { name: 'Очереди' });
    const moderation = within(queues).getByRole('link', { name: /Модерация/ });
    expect(moderation).toHaveAttribute('href', '/backoffice/moderation');
    expect(moderation).toHaveTextContent('Самое старое ждёт 1 день 2 ч');
    expect(screen.getByRole('link', { name: /Обращения без ответа/ })).toHaveTextContent('45 мин');
    expect(screen.getByRole('link', { name: /Возвраты/ })).toHaveTextContent('Очередь пуста');
    expect(screen.getByText(/медиана за 30 дней/)).toHaveTextContent('2 ч 5 мин');

    // each chart is an image with a text summary, and a table with the same numbers
    const chart = screen.getByRole('img', { name: /^Оплачено/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(29); // the first day had nothing
    expect(chart.querySelector('desc')).toHaveTextContent(/всего 435\s000\s₽/);
    const table = screen.getByRole('table', { name: 'Оплачено по дням' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
  });

  it('reloads when a staff notification arrives live', async () => {
    const calls = fakeApi({ ...meRoute(), 'GET /api/staff/dashboard': () => ok(dashboard()) });
    renderBackoffice('/backoffice');
    await screen.findByRole('region', { name: 'Сегодня' });
    expect(callsTo(calls, 'GET', '/api/staff/dashboard')).toHaveLength(1);
    act(() => bus.emit('notifications:received', { type: 'client_order_paid', data: { order_id: 1 } }));
    act(() => bus.emit('notifications:received', { type: 'staff_queue_changed', data: {} }));
    await screen.findByRole('region', { name: 'Сегодня' });
    expect(callsTo(calls, 'GET', '/api/staff/dashboard')).toHaveLength(2);
  });

  it('has the area navigation with the current section marked', async () => {
    fakeApi({ ...meRoute(), 'GET /api/staff/dashboard': () => ok(dashboard()) });
    renderBackoffice('/backoffice');
    const nav = await screen.findByRole('navigation', { name: 'Разделы бэк-офиса' });
    expect(within(nav).getByRole('link', { name: 'Сводка' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Модерация' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByText('Ольга Петрова, сотрудник')).toBeInTheDocument();
  });
});
