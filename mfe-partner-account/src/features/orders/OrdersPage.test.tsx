import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { listItem, orderList } from '../../testing/orders';
import { orderCalls } from '../../calls/orderCalls';

const ok = <T,>(data: T) => ({ status: true as const, data });

describe('partner orders page', () => {
  beforeEach(() => signInAs());
  afterEach(() => jest.restoreAllMocks());

  it('lists the orders, requests with their deadline, and filters and searches through the api', async () => {
    const orders = jest
      .spyOn(orderCalls, 'orders')
      .mockResolvedValue(ok(orderList([listItem({ id: 5 }), listItem({ id: 6, status: 'confirmed', respond_by: null, customer_name: 'Пётр' })])));
    renderAccount('/account/partner/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказы' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(within(list).getByText(/Ответить до 25 ноября/)).toBeInTheDocument();
    expect(within(list).getByText('Подтверждён и оплачен')).toBeInTheDocument();
    expect(screen.getByText('Ждут вашего ответа:', { exact: false })).toHaveTextContent('Ждут вашего ответа: 1');

    fireEvent.change(screen.getByRole('combobox', { name: 'Статус' }), { target: { value: 'confirmed' } });
    await waitFor(() => expect(orders).toHaveBeenLastCalledWith({ page: 1, status: 'confirmed' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Имя клиента или номер заказа' }), { target: { value: 'Пётр' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(orders).toHaveBeenLastCalledWith({ page: 1, status: 'confirmed', q: 'Пётр' }));
  });

  it('says when there is nothing yet, and when nothing matches', async () => {
    jest.spyOn(orderCalls, 'orders').mockResolvedValue(ok(orderList([])));
    renderAccount('/account/partner/orders');
    expect(await screen.findByText(/Заказов пока нет/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Статус' }), { target: { value: 'expired' } });
    expect(await screen.findByText('Под эти условия заказов нет. Измените фильтры или поиск.')).toBeInTheDocument();
  });
});
