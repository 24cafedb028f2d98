import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { OLD_TBILISI, orderDetail, orderItem } from '../../testing/orders';
import { orderCalls } from '../../calls/orderCalls';
import { qrCache } from '../../lib/qrCache';
import { foldLine, icsText, orderCalendar } from './ics';
import { visitorIn } from '../../testing/visitorZone';
import { ticketCalls } from './ticketCalls';
import { splitOrders } from './TicketsPage';

beforeEach(() => {
  signInAs();
  window.localStorage.clear();
  jest.spyOn(orderCalls, 'order').mockRejectedValue(new Error('offline'));
});
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

  it('follows an order’s status live: a guide’s decline moves it out of the upcoming trips without a reload', async () => {
    const future = { id: 8, starts_at: '2099-01-01T07:00:00Z' };
    const list = jest
      .spyOn(ticketCalls, 'orders')
      .mockResolvedValueOnce(page([orderItem({ id: 4, status: 'awaiting_confirmation', event: future })]))
      .mockResolvedValue(page([orderItem({ id: 4, status: 'declined', event: future })]));
    renderAccount('/account/user/ticket');
    const upcoming = await screen.findByRole('region', { name: 'Предстоящие' });
    expect(within(upcoming).getByRole('link')).toHaveTextContent('Ожидает подтверждения гидом');
    act(() => bus.emit('notifications:received', { type: 'client_order_declined', data: { order_id: 4 } }));
    const past = await screen.findByRole('region', { name: 'Прошедшие и отменённые' });
    expect(within(past).getByRole('link')).toHaveTextContent('Отклонён гидом');
    expect(screen.queryByText('Ожидает подтверждения гидом')).not.toBeInTheDocument();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
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

  it('shows the next confirmed trip as its ticket: zone time, meeting point, the guide’s phone, what is left, QR kept offline', async () => {
    visitorIn('Europe/Moscow');
    const detail = orderDetail({ id: 5, excursion: OLD_TBILISI, event: { id: 3, starts_at: '2099-05-02T07:00:00Z' } });
    jest.spyOn(ticketCalls, 'orders').mockResolvedValue(page([orderItem({ id: 5, excursion: OLD_TBILISI })]));
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: detail });
    const qr = jest.spyOn(orderCalls, 'ticketQr').mockImplementation(async (code) => ({ status: true, data: { code, svg_data_url: `data:image/svg+xml;base64,${code}` } }));
    renderAccount('/account/user/ticket');
    const pass = await screen.findByRole('listitem', { name: 'Старый Тбилиси' });
    expect(within(pass).getByText('суббота, 2 мая 2099 г. в 11:00 (время местное, UTC+4)')).toBeInTheDocument();
    expect(within(pass).getByText('У моста Мира')).toBeInTheDocument();
    expect(within(pass).getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute('href', 'tel:+79161234567');
    expect(within(pass).getByText('4 250 ₽')).toBeInTheDocument();
    expect(await within(pass).findByRole('img', { name: 'QR-код билета EX-AAAA2222' })).toBeInTheDocument();
    expect(qrCache.get('EX-AAAA2222')).toBe('data:image/svg+xml;base64,EX-AAAA2222');
    expect(qr).toHaveBeenCalledTimes(2);

    // downloads the trip for the calendar
    const createObjectURL = jest.fn(() => 'blob:ics');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(pass).getByRole('button', { name: 'Добавить в календарь' }));
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(click).toHaveBeenCalled();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(within(pass).getByRole('button', { name: 'Распечатать или сохранить PDF' }));
    expect(print).toHaveBeenCalled();
  });

  it('shows a QR loaded before without asking the api (offline)', async () => {
    qrCache.set('EX-AAAA2222', 'data:image/svg+xml;base64,CACHED');
    qrCache.set('EX-BBBB3333', 'data:image/svg+xml;base64,CACHED2');
    jest.spyOn(ticketCalls, 'orders').mockResolvedValue(page([orderItem({ id: 77 })]));
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ event: { id: 3, starts_at: '2099-05-02T07:00:00Z' } }) });
    const qr = jest.spyOn(orderCalls, 'ticketQr').mockRejectedValue(new Error('offline'));
    renderAccount('/account/user/ticket');
    expect(await screen.findByRole('img', { name: 'QR-код билета EX-AAAA2222' })).toHaveAttribute('src', 'data:image/svg+xml;base64,CACHED');
    expect(qr).not.toHaveBeenCalled();
  });
});

describe('the trip as an .ics file', () => {
  it('is in the city’s zone, escaped, folded at 75 octets, with CRLF lines', () => {
    const order = orderDetail({ id: 5, excursion: { ...OLD_TBILISI, title: 'Старый Тбилиси; бани, крепость и сады — большая прогулка по старому городу' }, event: { id: 3, starts_at: '2099-05-02T07:00:00Z' } });
    const ics = orderCalendar(order, 'https://excursio.example', new Date('2026-11-24T05:00:00Z'));
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART;TZID=Asia/Tbilisi:20990502T110000');
    expect(ics).toContain('DTEND;TZID=Asia/Tbilisi:20990502T130000');
    expect(ics).toContain('TZOFFSETTO:+0400');
    expect(ics).toContain('DTSTAMP:20261124T050000Z');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Экскурсия: Старый Тбилиси\\; бани\\, крепость и сады');
    expect(unfolded).toContain('Билеты: EX-AAAA2222\\, EX-BBBB3333');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('escapes and folds by the letter', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'ж'.repeat(60)}`);
    expect(folded.split('\r\n ').every((part) => new TextEncoder().encode(part).length <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'ж'.repeat(60)}`);
  });
});
