import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, bus, session, type OrderDetail } from '@excursio/shared';
import { checkoutApi } from '../../api/checkout';
import { excursionsApi } from '../../api/excursions';
import { excursionDetail, excursionEvent, ok } from '../../testing/fixtures';
import { formDataFromJsdomForms } from '../../testing/formData';
import { renderRoute } from '../../testing/renderRoute';
import { ANNA, signIn, signOut } from '../../testing/session';
import { priceText } from '../../testing/text';
import { leaveFor } from './submitOrder';

formDataFromJsdomForms();

jest.mock('@excursio/shared/time', () => jest.requireActual('../../testing/visitorZone').timeForVisitorIn('Europe/Moscow'));

const URL = '/excursion/moskva/moskva/kreml/order?event=32';

function setup(overrides: Parameters<typeof excursionDetail>[0] = {}) {
  const zone = overrides.time_zone ?? 'Europe/Moscow';
  jest.spyOn(excursionsApi, 'excursion').mockResolvedValue(ok(excursionDetail({ instant_booking: false, ...overrides })));
  jest.spyOn(excursionsApi, 'excursionEvents').mockResolvedValue(
    ok([
      excursionEvent({ id: 31, starts_at: '2026-05-01T07:00:00Z', seats_left: 6, time_zone: zone }),
      excursionEvent({ id: 32, starts_at: '2026-05-02T07:00:00Z', seats_left: 3, time_zone: zone }),
    ]),
  );
}

const createdOrder = (status: OrderDetail['status']) => ok({ id: 77, status } as OrderDetail);
const summary = () => within(screen.getByLabelText('Стоимость'));
const row = (label: string) => summary().getByText(label, { exact: false }).closest('.cat-price__row') as HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  session.serviceCommission = 15;
});
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('checkout (the order form)', () => {
  it('says the same number as the excursion page: an individual slot of 6 seats takes up to 4 people', async () => {
    jest.spyOn(excursionsApi, 'excursion').mockResolvedValue(ok(excursionDetail({ format: 'individual', group_size_max: 4, instant_booking: false })));
    jest.spyOn(excursionsApi, 'excursionEvents').mockResolvedValue(
      ok([excursionEvent({ id: 32, starts_at: '2026-05-02T07:00:00Z', capacity: 6, seats_left: 6, bookable: 4 })]),
    );
    renderRoute(URL);
    expect(await screen.findByText('Не больше 4 на это время.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /10:00/ })).toHaveTextContent('до 4 человек');
    expect(screen.queryByText(/осталось 6 мест/)).not.toBeInTheDocument();
  });

  it('starts on the chosen event, counts participants within the seats left and splits the price', async () => {
    setup();
    renderRoute(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeInTheDocument();
    expect(screen.getByText(/Выбрано: сб, 2 мая/)).toBeInTheDocument();
    expect(row('Взрослый × 1')).toHaveTextContent(priceText(2500));

    const moreAdults = screen.getByRole('button', { name: 'Увеличить: Взрослый' });
    fireEvent.click(moreAdults);
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить: Детский' }));
    expect(moreAdults).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Увеличить: Детский' })).toBeDisabled();
    expect(row('Итого')).toHaveTextContent(priceText(6500));
    expect(row('Предоплата онлайн после подтверждения')).toHaveTextContent(priceText(975));
    expect(row('Предоплата онлайн после подтверждения')).toHaveTextContent('сервисный сбор 15%');
    expect(row('Гиду на месте')).toHaveTextContent(priceText(5525));
    expect(screen.getByText('Не больше 3 на это время.')).toBeInTheDocument();
  });

  it('shows a Tbilisi excursion’s times in Tbilisi and says so to a visitor in Moscow', async () => {
    setup({ time_zone: 'Asia/Tbilisi' });
    renderRoute(URL);
    expect(await screen.findByText('Выбрано: сб, 2 мая в 11:00 (время местное, UTC+4)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /11:00.*осталось 3 места/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('время местное, UTC+4')).toBeInTheDocument();
  });

  it('says nothing of the zone when the visitor’s clock shows the excursion’s time', async () => {
    setup();
    renderRoute(URL);
    expect(await screen.findByText('Выбрано: сб, 2 мая в 10:00')).toBeInTheDocument();
    expect(screen.queryByText(/время местное|московское/)).not.toBeInTheDocument();
  });

  it('sends the order and goes to the test payment for an instant booking', async () => {
    setup({ instant_booking: true });
    signIn([]);
    const create = jest.spyOn(checkoutApi, 'createOrder').mockResolvedValue(createdOrder('awaiting_payment'));
    const pay = jest.spyOn(checkoutApi, 'payOrder').mockResolvedValue(ok({ payment_id: 'p1', confirmation_url: '/api/payments/test/p1' }));
    const assign = jest.spyOn(leaveFor, 'assign').mockImplementation(() => undefined);
    renderRoute(URL);
    const name = await screen.findByRole('textbox', { name: 'Имя' });
    await waitFor(() => expect(name).toHaveValue('Анна Смирнова'));
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 (999) 000-00-01');
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить: Взрослый' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Комментарий для гида' }), { target: { value: 'Будем к 10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Перейти к оплате' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/test/p1'));
    expect(create).toHaveBeenCalledWith({
      excursion_id: 10,
      event_id: 32,
      participants: [
        { code: 'adult', count: 2 },
        { code: 'child', count: 0 },
      ],
      contact_name: 'Анна Смирнова',
      contact_phone: '+7 (999) 000-00-01',
      comment: 'Будем к 10:00',
    }, expect.stringMatching(/^order-[\w-]{8,}$/));
    expect(pay).toHaveBeenCalledWith(77);
    expect(sessionStorage.getItem('excursio:order-draft:10')).toBeNull();
  });

  it('opens the order page when the guide has to confirm first', async () => {
    setup({ instant_booking: false });
    signIn([]);
    jest.spyOn(checkoutApi, 'createOrder').mockResolvedValue(createdOrder('awaiting_confirmation'));
    const pay = jest.spyOn(checkoutApi, 'payOrder');
    renderRoute(URL);
    const phone = await screen.findByRole('textbox', { name: 'Телефон' });
    await waitFor(() => expect(phone).toHaveValue('+7 (999) 000-00-01'));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заказ' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/account/user/77');
    expect(pay).not.toHaveBeenCalled();
  });

  it('signed out, asks to sign in and keeps everything typed', async () => {
    setup();
    const create = jest.spyOn(checkoutApi, 'createOrder');
    const opened = jest.fn();
    bus.on('modal:open', opened);
    const first = renderRoute(URL);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Имя' }), { target: { value: 'Гость' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Телефон' }), { target: { value: '8 916 123-45-67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить: Детский' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заказ' }));
    expect(opened).toHaveBeenCalledWith({ type: 'auth' });
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByText('Войдите, чтобы отправить заказ. Всё, что вы ввели, сохранится.')).toBeInTheDocument();

    // Coming back to the form (e.g. after a sign-in elsewhere) restores the draft.
    first.unmount();
    renderRoute('/excursion/moskva/moskva/kreml/order');
    expect(await screen.findByRole('textbox', { name: 'Имя' })).toHaveValue('Гость');
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveValue('8 916 123-45-67');
    expect(screen.getByText(/Выбрано: сб, 2 мая/)).toBeInTheDocument();
    expect(row('Детский × 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заказ' }));
    act(() => signIn([], ANNA));
    expect(await screen.findByText('Вы вошли. Проверьте данные и отправьте заказ.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Гость');
    bus.off('modal:open', opened);
  });

  it('checks the form before sending', async () => {
    setup();
    signIn([]);
    const create = jest.spyOn(checkoutApi, 'createOrder');
    renderRoute(URL);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Телефон' }), { target: { value: '12-34' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Имя' }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Уменьшить: Взрослый' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заказ' }));
    expect(await screen.findByText('Введите корректный номер телефона')).toBeInTheDocument();
    expect(screen.getByText('Укажите имя, на которое оформить заказ')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Укажите хотя бы одного участника');
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveAttribute('aria-invalid', 'true');
    // each error is the description of its field, and the first wrong field takes the focus
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveAccessibleDescription('Введите корректный номер телефона');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveFocus());
    expect(screen.getByRole('group', { name: 'Участники' })).toHaveAccessibleDescription('Укажите хотя бы одного участника');
    expect(create).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors in Russian and loses nothing typed', async () => {
    setup();
    signIn([]);
    jest.spyOn(checkoutApi, 'createOrder').mockRejectedValue(
      new ApiError(422, 'The contact phone field format is invalid.', {
        contact_phone: ['The contact phone field format is invalid.'],
        event_id: ['Запись на это время закрыта.'],
      }),
    );
    renderRoute(URL);
    const phone = await screen.findByRole('textbox', { name: 'Телефон' });
    await waitFor(() => expect(phone).toHaveValue('+7 (999) 000-00-01'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Комментарий для гида' }), { target: { value: 'Нужен трансфер' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заказ' }));
    expect(await screen.findByText('Введите корректный номер телефона')).toBeInTheDocument();
    expect(screen.getByText('Запись на это время закрыта.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Комментарий для гида' })).toHaveValue('Нужен трансфер');
    expect(screen.getByRole('button', { name: 'Отправить заказ' })).toBeEnabled();
  });

  it('retries the same order with the same Idempotency-Key, and a changed one with a new key', async () => {
    setup();
    signIn([]);
    const create = jest.spyOn(checkoutApi, 'createOrder').mockRejectedValue(new ApiError(0, 'Нет соединения с сервером.'));
    renderRoute(URL);
    const phone = await screen.findByRole('textbox', { name: 'Телефон' });
    await waitFor(() => expect(phone).toHaveValue('+7 (999) 000-00-01'));
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Отправить заказ' }));
    send();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить заказ' })).toBeEnabled());
    send();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1]![1]).toBe(create.mock.calls[0]![1]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить заказ' })).toBeEnabled());
    fireEvent.change(screen.getByRole('textbox', { name: 'Комментарий для гида' }), { target: { value: 'Другое' } });
    send();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(3));
    expect(create.mock.calls[2]![1]).not.toBe(create.mock.calls[0]![1]);
  });
});
