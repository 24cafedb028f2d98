import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, bus, widgets, type OrderChatProps } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { partnerOrder } from '../../testing/orders';
import { orderCalls } from '../../calls/orderCalls';

const ok = <T,>(data: T) => ({ status: true as const, data });

describe('PartnerOrderPage', () => {
  beforeEach(() => {
    signInAs();
    widgets.provide('OrderChat', (props: OrderChatProps) => <p>чат заказа {props.orderId}</p>);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the request with its deadline, the masked phone, the history and the chat', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(partnerOrder()));
    renderAccount('/account/partner/order/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №42' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ждёт вашего ответа' })).toBeInTheDocument();
    expect(screen.getByText(/Ответить до 25 ноября.{1,4}11:00/)).toBeInTheDocument();
    expect(screen.getByText(/\+7 999 \*\*\*-\*\*-01/)).toBeInTheDocument();
    expect(screen.getByText('Телефон откроется после оплаты предоплаты.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/Заказ отправлен вам на подтверждение \(путешественник\)/)).toBeInTheDocument();
    expect(screen.getByText('4 250 ₽')).toBeInTheDocument();
    expect(screen.getByText('чат заказа 42')).toBeInTheDocument();
  });

  it('accepts a request, then shows the order as it became', async () => {
    const order = jest
      .spyOn(orderCalls, 'order')
      .mockResolvedValueOnce(ok(partnerOrder()))
      .mockResolvedValueOnce(ok(partnerOrder({ status: 'awaiting_payment', respond_by: null, payment_due_at: '2026-11-24T08:15:00Z' })));
    const decide = jest.spyOn(orderCalls, 'decide').mockResolvedValue(ok({ id: 42, status: 'awaiting_payment', refund_amount: null }));
    renderAccount('/account/partner/order/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить заказ' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ждёт предоплаты' })).toBeInTheDocument();
    expect(decide).toHaveBeenCalledWith(42, 'confirm', undefined);
    expect(order).toHaveBeenCalledTimes(2);
  });

  it('declines with a reason from the list; «Другая причина» needs words', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(partnerOrder()));
    const decide = jest.spyOn(orderCalls, 'decide').mockResolvedValue(ok({ id: 42, status: 'declined', refund_amount: 0 }));
    renderAccount('/account/partner/order/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Отклонить' }));
    const form = screen.getByRole('form', { name: 'Почему вы отклоняете заказ?' });
    fireEvent.click(within(form).getByRole('button', { name: 'Отклонить заказ' }));
    expect(await within(form).findByText('Выберите причину.')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('radio', { name: 'Другая причина' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Отклонить заказ' }));
    expect(await within(form).findByText('Опишите причину.')).toBeInTheDocument();
    expect(decide).not.toHaveBeenCalled();
    fireEvent.click(within(form).getByRole('radio', { name: 'Неподходящая погода' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Комментарий для путешественника' }), { target: { value: 'обещают шторм' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Отклонить заказ' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith(42, 'decline', { reason: 'weather', comment: 'обещают шторм' }));
  });

  // Issue 24, item 9: a paid order shows the phone in the one house format, an unpaid one is cancelled without
  // talk of a prepayment that was never paid
  it('shows a paid order’s phone formatted', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(partnerOrder({ status: 'confirmed', respond_by: null, contact_phone: '79990000001', contact_hidden: false })));
    renderAccount('/account/partner/order/42');
    expect(await screen.findByText('Анна Смирнова, +7 (999) 000-00-01')).toBeInTheDocument();
    expect(screen.queryByText(/79990000001/)).not.toBeInTheDocument();
  });

  it('cancels an unpaid order without promising a refund of a prepayment nobody paid', async () => {
    const unpaid = partnerOrder({ status: 'awaiting_payment', respond_by: null, payment_due_at: '2026-11-24T08:15:00Z' });
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(unpaid));
    jest.spyOn(orderCalls, 'decide').mockResolvedValue(ok({ id: 42, status: 'cancelled_by_partner', refund_amount: 0 }));
    const toasts: string[] = [];
    const collect = (t: { message: string }) => toasts.push(t.message);
    bus.on('toast:show', collect);
    renderAccount('/account/partner/order/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const form = screen.getByRole('form', { name: 'Почему вы отменяете заказ? Предоплата по нему ещё не вносилась, возвращать нечего.' });
    expect(screen.queryByText(/Предоплата вернётся/)).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('radio', { name: 'Гид заболел' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Отменить заказ' }));
    await waitFor(() => expect(toasts).toContain('Заказ отменён, путешественник получил уведомление с причиной.'));
    expect(toasts.join(' ')).not.toMatch(/предоплата вернётся/i);
    bus.off('toast:show', collect);
  });

  it('still says the prepayment returns in full when a paid order is cancelled', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(partnerOrder({ status: 'confirmed', respond_by: null, event: { id: 31, starts_at: '2099-12-02T07:00:00Z' } })));
    renderAccount('/account/partner/order/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    expect(screen.getByRole('form', { name: 'Почему вы отменяете заказ? Предоплата вернётся путешественнику полностью.' })).toBeInTheDocument();
  });

  it('says so when the seats are gone by the time the partner accepts', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(partnerOrder()));
    const message = 'На это время уже не осталось столько свободных мест: подтвердить заказ нельзя.';
    jest.spyOn(orderCalls, 'decide').mockRejectedValue(new ApiError(409, message, { status: [message] }));
    const toasts = jest.fn();
    bus.on('toast:show', toasts);
    renderAccount('/account/partner/order/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить заказ' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith({ type: 'error', message }));
    bus.off('toast:show', toasts);
  });

  it('reloads the order when a notification about it arrives live', async () => {
    const order = jest
      .spyOn(orderCalls, 'order')
      .mockResolvedValueOnce(ok(partnerOrder({ status: 'awaiting_payment', respond_by: null })))
      .mockResolvedValueOnce(ok(partnerOrder({ status: 'confirmed', respond_by: null, contact_hidden: false, contact_phone: '79990000001' })));
    renderAccount('/account/partner/order/42');
    await screen.findByRole('heading', { level: 2, name: 'Ждёт предоплаты' });
    bus.emit('notifications:received', { type: 'partner_order_paid', data: { order_id: 7 } });
    bus.emit('notifications:received', { type: 'partner_order_paid', data: { order_id: 42 } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Подтверждён и оплачен' })).toBeInTheDocument();
    expect(order).toHaveBeenCalledTimes(2);
  });

  it('another partner’s order or an unknown id is the 404 page, never a title with a number', async () => {
    jest.spyOn(orderCalls, 'order').mockRejectedValue(new ApiError(404, 'Not Found.'));
    renderAccount('/account/partner/order/14');
    await waitFor(() => expect(orderCalls.order).toHaveBeenCalledWith(14));
    expect(screen.queryByRole('heading', { level: 1, name: 'Заказ №14' })).not.toBeInTheDocument();
  });

  it('approves a traveller’s move to another time; the history says the order was moved', async () => {
    const pending = partnerOrder({ status: 'confirmed', respond_by: null, reschedule: { id: 3, event_id: 41, starts_at: '2026-11-27T08:00:00Z', total: 5600, created_at: '2026-11-24T08:00:00Z' } });
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(pending));
    const moved = partnerOrder({
      status: 'confirmed',
      respond_by: null,
      event: { id: 41, starts_at: '2026-11-27T08:00:00Z' },
      history: [...pending.history, { status: 'confirmed', actor: 'partner', reason: 'Перенос: 25 ноября, 11:00 → 27 ноября, 11:00', at: '2026-11-24T09:00:00Z' }],
    });
    const answer = jest.spyOn(orderCalls, 'answerReschedule').mockResolvedValue(ok(moved));
    renderAccount('/account/partner/order/42');
    const group = await screen.findByRole('group', { name: 'Путешественник просит перенести заказ' });
    expect(within(group).getByText(/стоимость станет 5\s600\s₽/)).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'Согласовать перенос' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith(42, true));
    expect(await screen.findByText(/заказ перенесён \(вы\)/)).toBeInTheDocument();
    expect(screen.getByText('25 ноября, 11:00 → 27 ноября, 11:00')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Путешественник просит перенести заказ' })).not.toBeInTheDocument();
  });

  it('«Предложить другое время»: slots and a new time with a message; the pending proposal is shown after', async () => {
    const request = partnerOrder({ event: { id: 31, starts_at: '2099-12-02T07:00:00Z' } });
    jest.spyOn(orderCalls, 'order').mockResolvedValue(ok(request));
    jest.spyOn(orderCalls, 'proposalOptions').mockResolvedValue(
      ok({ reason: null, slots: [{ event_id: 51, starts_at: '2099-12-03T07:00:00Z', seats_left: 8 }, { event_id: 52, starts_at: '2099-12-04T07:00:00Z', seats_left: 4 }] }),
    );
    const proposal = {
      id: 1,
      order_id: 42,
      status: 'pending' as const,
      message: 'Могу так',
      expires_at: '2099-11-30T07:00:00Z',
      created_at: '2099-11-29T07:00:00Z',
      slots: [{ event_id: 52, starts_at: '2099-12-04T07:00:00Z', label: '4 декабря, 10:00', total: 5000, difference: 0 }],
    };
    const propose = jest.spyOn(orderCalls, 'propose').mockResolvedValue(ok({ ...request, proposal }));
    renderAccount('/account/partner/order/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Предложить другое время' }));
    const form = await screen.findByRole('form', { name: 'Предложить другое время' });
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить предложение' }));
    expect(await within(form).findByText('Выберите хотя бы одно время или добавьте новое.')).toBeInTheDocument();
    expect(within(form).getByText('Напишите путешественнику пару слов: почему другое время.')).toBeInTheDocument();
    expect(propose).not.toHaveBeenCalled();

    fireEvent.click(within(form).getByRole('checkbox', { name: /4 декабря.*свободно 4/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить новое время' }));
    fireEvent.change(within(form).getByLabelText('Дата'), { target: { value: '2099-12-06' } });
    fireEvent.change(within(form).getByLabelText('Время начала'), { target: { value: '11:30' } });
    fireEvent.change(within(form).getByLabelText('Сообщение путешественнику'), { target: { value: ' Могу так ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить предложение' }));
    await waitFor(() =>
      expect(propose).toHaveBeenCalledWith(42, { event_ids: [52], new_times: [{ date: '2099-12-06', time: '11:30' }], message: 'Могу так' }),
    );
    expect(await screen.findByText(/Вы предложили другое время: 4 декабря, 10:00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предложить другое время заново' })).toBeInTheDocument();
  });
});
