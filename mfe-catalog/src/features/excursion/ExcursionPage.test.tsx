import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus } from '@excursio/shared';
import { excursionsApi } from '../../api/excursions';
import { excursionDetail, excursionEvent, ok } from '../../testing/fixtures';
import { renderRoute } from '../../testing/renderRoute';
import { signOut } from '../../testing/session';
import { priceText } from '../../testing/text';

jest.mock('@excursio/shared/time', () => jest.requireActual('../../testing/visitorZone').timeForVisitorIn('Europe/Moscow'));

const URL = '/excursion/moskva/moskva/kreml';

beforeEach(() => {
  signOut();
  jest.spyOn(excursionsApi, 'excursion').mockResolvedValue(ok(excursionDetail()));
  jest.spyOn(excursionsApi, 'excursionEvents').mockResolvedValue(
    ok([
      excursionEvent({ id: 31, starts_at: '2026-05-01T07:00:00Z', seats_left: 4 }),
      excursionEvent({ id: 32, starts_at: '2026-05-01T12:00:00Z', seats_left: 0 }),
    ]),
  );
  jest.spyOn(excursionsApi, 'view').mockResolvedValue(null);
});
afterEach(() => jest.restoreAllMocks());

describe('excursion page', () => {
  it('shows everything about the excursion', async () => {
    renderRoute(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Кремль изнутри' })).toBeInTheDocument();
    expect(excursionsApi.excursion).toHaveBeenCalledWith('moskva', 'moskva', 'kreml');
    expect(excursionsApi.excursionEvents).toHaveBeenCalledWith(10);
    expect(screen.getByRole('img', { name: 'Кремль изнутри, фото 1 из 2' })).toBeInTheDocument();
    const facts = screen.getByText('Длительность').closest('dl')!;
    expect(within(facts).getByText('2,5 часа')).toBeInTheDocument();
    expect(within(facts).getByText('Групповая')).toBeInTheDocument();
    expect(within(facts).getByText('русский, английский')).toBeInTheDocument();
    expect(within(facts).getByText('до 10 человек')).toBeInTheDocument();
    expect(within(facts).getByText('У Кутафьей башни')).toBeInTheDocument();
    expect(screen.getByText('Соборная площадь').closest('ol')).not.toBeNull();
    expect(screen.getByText('Рассказ гида')).toBeInTheDocument();
    expect(screen.getByText('Билеты в соборы')).toBeInTheDocument();
    expect(screen.getByText('Бесплатная отмена за 24 часа.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Михаил Орлов/ })).toHaveAttribute('href', '/excursion/guides/mihail-orlov');
    expect(screen.getByRole('link', { name: 'Обзорные' })).toHaveAttribute('href', '/excursion/moskva/moskva/tags/obzornye');
    expect(screen.getByText('Спасибо!')).toBeInTheDocument();
    // The view beacon: once, with the id this browser keeps.
    await waitFor(() => expect(excursionsApi.view).toHaveBeenCalledTimes(1));
    const [viewed, visitor] = (excursionsApi.view as jest.Mock).mock.calls[0] as [number, string];
    expect(viewed).toBe(10);
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(localStorage.getItem('excursio.visitor')).toBe(visitor);
    const booking = screen.getByRole('region', { name: 'Бронирование' });
    expect(within(booking).getByText(priceText(2500))).toBeInTheDocument();
    expect(within(booking).getByText(/за человека/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Кремль изнутри — Excursio'));
  });

  it('shows the dates with seats left and orders the chosen one', async () => {
    renderRoute(URL);
    const booking = await screen.findByRole('region', { name: 'Бронирование' });
    expect(within(booking).getByText('Май 2026')).toBeInTheDocument();
    expect(within(booking).getByRole('button', { name: /15:00/ })).toBeDisabled();
    const order = within(booking).getByRole('link', { name: 'Забронировать' });
    expect(order).toHaveAttribute('href', '/excursion/moskva/moskva/kreml/order');
    fireEvent.click(within(booking).getByRole('button', { name: /10:00.*осталось 4 места/ }));
    expect(order).toHaveAttribute('href', '/excursion/moskva/moskva/kreml/order?event=31');
    expect(within(booking).getByText(/Выбрано: пт, 1 мая/)).toBeInTheDocument();
  });

  it('shows a Tbilisi excursion’s dates in Tbilisi time and says so to a visitor in Moscow', async () => {
    jest.spyOn(excursionsApi, 'excursion').mockResolvedValue(ok(excursionDetail({ time_zone: 'Asia/Tbilisi' })));
    renderRoute(URL);
    const booking = await screen.findByRole('region', { name: 'Бронирование' });
    expect(within(booking).getByText('время местное, UTC+4')).toBeInTheDocument();
    fireEvent.click(within(booking).getByRole('button', { name: /11:00.*осталось 4 места/ }));
    expect(within(booking).getByText('Выбрано: пт, 1 мая в 11:00 (время местное, UTC+4)')).toBeInTheDocument();
  });

  it('opens the sign-in modal when a visitor adds it to the favorites', async () => {
    const opened = jest.fn();
    bus.on('modal:open', opened);
    renderRoute(URL);
    fireEvent.click(await screen.findByRole('button', { name: 'В избранное' }));
    expect(opened).toHaveBeenCalledWith({ type: 'auth' });
    bus.off('modal:open', opened);
  });

  it('says when there are no dates', async () => {
    jest.spyOn(excursionsApi, 'excursionEvents').mockResolvedValue(ok([]));
    renderRoute(URL);
    expect(await screen.findByText(/Ближайших дат пока нет/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Забронировать' })).not.toBeInTheDocument();
  });
});
