import { screen, within } from '@testing-library/react';
import { ApiError } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { listItem, orderList } from '../../testing/orders';
import { orderCalls } from '../../calls/orderCalls';
import { reviewsCalls } from '../../calls/reviewsCalls';
import { statisticsCalls } from '../../calls/statisticsCalls';
import { dashboardCalls } from './dashboardCalls';

const ok = <T,>(data: T) => ({ status: true as const, data });

function stats(revenue: number, prepayments: number) {
  return ok({ totals: { orders: 7, paid: 5, revenue, prepayments } } as never);
}

describe('partner dashboard', () => {
  beforeEach(() => signInAs());
  afterEach(() => jest.restoreAllMocks());

  it('shows requests to answer with deadlines, today’s and tomorrow’s orders, unread messages, reviews and the month', async () => {
    jest.spyOn(orderCalls, 'orders').mockImplementation(async (query) =>
      query.status === 'awaiting_confirmation'
        ? ok(orderList([listItem({ id: 5 })]))
        : ok(orderList([listItem({ id: 8, status: 'confirmed', respond_by: null }), listItem({ id: 9, status: 'cancelled_by_customer', respond_by: null })])),
    );
    jest.spyOn(dashboardCalls, 'unread').mockResolvedValue(ok({ total: 2, orders: { '8': 2 } }));
    jest.spyOn(reviewsCalls, 'reviews').mockResolvedValue(
      ok({
        reviews: {
          data: [
            { id: 1, author_name: 'Ирина', rating: 4, text: 'Понравилось', created_at: '2026-11-20T10:00:00Z', order_id: null, excursion: { id: 10, title: 'Кремль изнутри', url: '/x' } },
          ],
          current_page: 1,
          last_page: 1,
          per_page: 3,
          total: 1,
        },
        excursions: [],
        summary: { total: 1, rating: 4, unanswered: 1 },
      } as never),
    );
    jest.spyOn(statisticsCalls, 'statistics').mockResolvedValue(stats(120000, 18000));
    renderAccount('/account/partner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Здравствуйте, Михаил Орлов!' })).toBeInTheDocument();

    const requests = screen.getByRole('region', { name: 'Ждут вашего ответа' });
    expect(await within(requests).findByRole('link', { name: /№5/ })).toHaveAttribute('href', '/account/partner/order/5');
    expect(within(requests).getByText(/Ответить до/)).toBeInTheDocument();
    const soon = screen.getByRole('region', { name: 'Сегодня и завтра' });
    expect(await within(soon).findByRole('link', { name: /№8/ })).toBeInTheDocument();
    expect(within(soon).queryByRole('link', { name: /№9/ })).not.toBeInTheDocument();
    const unread = screen.getByRole('region', { name: 'Непрочитанные сообщения' });
    expect(await within(unread).findByText(/2 новых сообщения/)).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Последние отзывы' });
    expect(await within(reviews).findByLabelText('Оценка 4 из 5')).toBeInTheDocument();
    const month = screen.getByRole('region', { name: 'Этот месяц' });
    expect(await within(month).findByText('120 000 ₽')).toBeInTheDocument();
    expect(within(month).getByText('102 000 ₽')).toBeInTheDocument();
  });

  it('a failing block says so and offers a retry; the others still show', async () => {
    jest.spyOn(orderCalls, 'orders').mockResolvedValue(ok(orderList([])));
    jest.spyOn(dashboardCalls, 'unread').mockRejectedValue(new ApiError(503, 'down'));
    jest.spyOn(reviewsCalls, 'reviews').mockResolvedValue(ok({ reviews: { data: [], current_page: 1, last_page: 1, per_page: 3, total: 0 }, excursions: [], summary: { total: 0, rating: 0, unanswered: 0 } }));
    jest.spyOn(statisticsCalls, 'statistics').mockResolvedValue(stats(0, 0));
    renderAccount('/account/partner');
    const unread = await screen.findByRole('region', { name: 'Непрочитанные сообщения' });
    expect(await within(unread).findByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(await screen.findByText('Новых запросов нет — на все заказы вы ответили.')).toBeInTheDocument();
    expect(screen.getByText('Отзывов пока нет.')).toBeInTheDocument();
  });
});
