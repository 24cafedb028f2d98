import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, bus } from '@excursio/shared';
import { clearShared } from '../../lib/apiCache';
import { excursionDetail, excursionEvent, ok } from '../../testing/fixtures';
import { renderRoute } from '../../testing/renderRoute';
import { signOut } from '../../testing/session';
import { priceText } from '../../testing/text';

const URL = '/excursion/moskva/moskva/kreml';

beforeEach(() => {
  clearShared();
  signOut();
  jest.spyOn(api, 'excursion').mockResolvedValue(ok(excursionDetail()));
  jest.spyOn(api, 'excursionEvents').mockResolvedValue(
    ok([
      excursionEvent({ id: 31, starts_at: '2026-05-01T07:00:00Z', seats_left: 4 }),
      excursionEvent({ id: 32, starts_at: '2026-05-01T12:00:00Z', seats_left: 0 }),
    ]),
  );
});
afterEach(() => jest.restoreAllMocks());

describe('excursion page', () => {
  it('shows everything about the excursion', async () => {
    renderRoute(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Кремль изнутри' })).toBeInTheDocument();
    expect(api.excursion).toHaveBeenCalledWith('moskva', 'moskva', 'kreml');
    expect(api.excursionEvents).toHaveBeenCalledWith(10);
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

  it('opens the sign-in modal when a visitor adds it to the favorites', async () => {
    const opened = jest.fn();
    bus.on('modal:open', opened);
    renderRoute(URL);
    fireEvent.click(await screen.findByRole('button', { name: 'В избранное' }));
    expect(opened).toHaveBeenCalledWith({ type: 'auth' });
    bus.off('modal:open', opened);
  });

  it('says when there are no dates', async () => {
    jest.spyOn(api, 'excursionEvents').mockResolvedValue(ok([]));
    renderRoute(URL);
    expect(await screen.findByText(/Ближайших дат пока нет/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Забронировать' })).not.toBeInTheDocument();
  });
});
