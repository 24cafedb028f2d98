import { screen, within } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { OLD_TBILISI, orderItem } from '../../testing/orders';
import { visitorIn } from '../../testing/visitorZone';
import { ticketCalls } from './ticketCalls';
import { splitOrders } from './TicketsPage';

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

const page = <T,>(data: T[]) => ({ status: true, data: { data, current_page: 1, last_page: 1, per_page: 48, total: data.length } });

describe('tickets page', () => {
  it('lists upcoming trips first and the rest below, each linking to its order', async () => {
    jest.spyOn(ticketCalls, 'orders').mockResolvedValue(
      page([
        orderItem({ id: 1, status: 'cancelled_by_customer' }),
        orderItem({ id: 2, status: 'confirmed' }),
        orderItem({ id: 3, status: 'completed', event: { id: 9, starts_at: '2020-01-01T07:00:00Z' } }),
        orderItem({ id: 4, status: 'awaiting_confirmation', event: { id: 8, starts_at: '2099-01-01T07:00:00Z' } }),
      ]),
    );
    renderAccount('/account/user/ticket');
    const upcoming = await screen.findByRole('region', { name: 'Предстоящие' });
    const links = within(upcoming).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/account/user/4', '/account/user/2']);
    expect(links[0]).toHaveTextContent('Ожидает подтверждения гидом');
    expect(links[1]).toHaveTextContent('Подтверждён');
    expect(links[1]).toHaveTextContent('2 участника');
    const past = screen.getByRole('region', { name: 'Прошедшие и отменённые' });
    expect(within(past).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/account/user/1', '/account/user/3']);
  });

  it('shows each trip’s time in its city’s zone', async () => {
    visitorIn('Europe/Moscow');
    jest.spyOn(ticketCalls, 'orders').mockResolvedValue(page([orderItem({ id: 5, excursion: OLD_TBILISI })]));
    renderAccount('/account/user/ticket');
    const link = await screen.findByRole('link', { name: /Старый Тбилиси/ });
    expect(link).toHaveTextContent('2 мая 2099 г. в 11:00 (время местное, UTC+4) · Тбилиси');
  });

  it('has an empty state with a way to the catalog', async () => {
    jest.spyOn(ticketCalls, 'orders').mockResolvedValue(page([]));
    renderAccount('/account/user/ticket');
    expect(await screen.findByText('Здесь появятся билеты на оплаченные экскурсии.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Выбрать экскурсию' })).toHaveAttribute('href', '/excursion');
  });

  it('treats a cancelled future order as history', () => {
    const { upcoming, past } = splitOrders([orderItem({ id: 1, status: 'declined' })], Date.parse('2026-01-01'));
    expect(upcoming).toHaveLength(0);
    expect(past).toHaveLength(1);
  });
});
