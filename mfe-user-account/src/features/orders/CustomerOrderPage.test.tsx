import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, bus, widgets, type OrderChatProps, type OrderDetail } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { OLD_TBILISI, orderDetail } from '../../testing/orders';
import { visitorIn } from '../../testing/visitorZone';
import { orderCalls } from '../../calls/orderCalls';
import { leaveFor } from './PayButton';

const price = (text: string) => text.replace(/\s/g, ' ');

beforeEach(() => {
  signInAs();
  visitorIn('Europe/Moscow');
  jest.spyOn(orderCalls, 'ticketQr').mockImplementation(async (code) => ({ status: true, data: { code, svg_data_url: `data:image/svg+xml;base64,${code}` } }));
});
afterEach(() => jest.restoreAllMocks());

describe('customer order page', () => {
  it('shows a confirmed order: what next, when, where, who, amounts and tickets with QR', async () => {
    const call = jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail() });
    renderAccount('/account/user/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №77' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(77);
    const status = screen.getByRole('region', { name: 'Подтверждён' });
    expect(status).toHaveTextContent('Предоплата получена, места забронированы');
    expect(status).toHaveTextContent(price('Остаток 4 250 ₽ оплачивается гиду на месте'));
    expect(screen.getByText('суббота, 2 мая 2026 г. в 10:00')).toBeInTheDocument();
    expect(screen.getByText('У Кутафьей башни')).toBeInTheDocument();
    expect(screen.getByText('Взрослый × 2')).toBeInTheDocument();
    expect(screen.getByText('Анна Смирнова, +7 (999) 000-00-01')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Кремль изнутри/ })).toHaveAttribute('href', '/excursion/moskva-i-podmoskove/moskva/kreml');
    const amounts = screen.getByText('Стоимость').closest('dl')!;
    expect(amounts).toHaveTextContent(price('Стоимость5 000 ₽'));
    expect(amounts).toHaveTextContent(/Предоплата внесена/);
    expect(amounts).toHaveTextContent(price('Гиду на местев день экскурсии4 250 ₽'));
    const tickets = screen.getByRole('region', { name: 'Билеты' });
    expect(await within(tickets).findByRole('img', { name: 'QR-код билета EX-AAAA2222' })).toHaveAttribute('src', 'data:image/svg+xml;base64,EX-AAAA2222');
    expect(within(tickets).getByText('EX-BBBB3333')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Написать в поддержку' })).toHaveAttribute('href', '/account/user/support?order=77');
    expect(screen.getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute('href', 'tel:+79161234567');
    await waitFor(() => expect(document.title).toBe('Заказ №77 — Excursio'));
  });

  it('under «Гид» shows only the phone for travellers, never an e-mail; a paid order without one points to the chat', async () => {
    // an older api also sent the partner's service e-mail: it is not shown whatever arrives
    const leaky = { phone: '79161234567', email: 'private.orlov@example.ru' } as OrderDetail['guide_contact'];
    jest
      .spyOn(orderCalls, 'order')
      .mockResolvedValueOnce({ status: true, data: orderDetail({ guide_contact: leaky }) })
      .mockResolvedValueOnce({ status: true, data: orderDetail({ guide_contact: null }) });
    const first = renderAccount('/account/user/77');
    const guide = (await screen.findByText('Гид')).closest('div')!;
    expect(within(guide).getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute('href', 'tel:+79161234567');
    expect(guide).not.toHaveTextContent('private.orlov@example.ru');
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    first.unmount();

    renderAccount('/account/user/77');
    const none = (await screen.findByText('Гид')).closest('div')!;
    expect(within(none).getByText('Гид не оставил телефона: пишите в чат заказа.')).toBeInTheDocument();
    expect(within(none).queryByRole('link', { name: /^\+7/ })).toBeNull();
  });

  it('shows the guide’s answer as it arrives, with the reason of a decline', async () => {
    const call = jest
      .spyOn(orderCalls, 'order')
      .mockResolvedValueOnce({ status: true, data: orderDetail({ status: 'awaiting_confirmation', payment: null, tickets: [] }) })
      .mockResolvedValueOnce({
        status: true,
        data: orderDetail({
          status: 'declined',
          payment: null,
          tickets: [],
          history: [
            { status: 'awaiting_confirmation', actor: 'client', reason: null, at: '2026-04-01T10:00:00Z' },
            { status: 'declined', actor: 'partner', reason: 'Неподходящая погода: обещают шторм', at: '2026-04-01T11:00:00Z' },
          ],
        }),
      });
    renderAccount('/account/user/77');
    expect(await screen.findByRole('region', { name: 'Ожидает подтверждения гидом' })).toBeInTheDocument();
    bus.emit('notifications:received', { type: 'client_order_declined', data: { order_id: 78 } });
    bus.emit('notifications:received', { type: 'client_order_declined', data: { order_id: 77 } });
    const status = await screen.findByRole('region', { name: 'Отклонён гидом' });
    expect(status).toHaveTextContent('Причина: Неподходящая погода: обещают шторм');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('explains the wait for the guide and has no pay button yet', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({
      status: true,
      data: orderDetail({ status: 'awaiting_confirmation', payment: null, tickets: [], cancellation: { allowed: true, refund_percent: 100, refund_amount: 0 } }),
    });
    renderAccount('/account/user/77');
    const status = await screen.findByRole('region', { name: 'Ожидает подтверждения гидом' });
    expect(status).toHaveTextContent('Гид получил заказ');
    expect(screen.queryByRole('button', { name: /Оплатить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Билеты' })).not.toBeInTheDocument();
  });

  it('sends the customer to pay the prepayment when the order awaits payment', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ status: 'awaiting_payment', payment: null, tickets: [] }) });
    const pay = jest.spyOn(orderCalls, 'payOrder').mockResolvedValue({ status: true, data: { payment_id: 'p', confirmation_url: '/api/payments/test/p' } });
    const assign = jest.spyOn(leaveFor, 'assign').mockImplementation(() => undefined);
    renderAccount('/account/user/77');
    fireEvent.click(await screen.findByRole('button', { name: /^Оплатить предоплату 750\s₽$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/test/p'));
    expect(pay).toHaveBeenCalledWith(77);
  });

  it('shows the refund by the rule before cancelling, then cancels', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ cancellation: { allowed: true, refund_percent: 50, refund_amount: 375 } }) });
    const cancel = jest.spyOn(orderCalls, 'cancelOrder').mockResolvedValue({
      status: true,
      data: orderDetail({ status: 'cancelled_by_customer', refund_amount: 375, cancellation: { allowed: false, refund_percent: 0, refund_amount: 0 } }),
    });
    const toast = jest.fn();
    bus.on('toast:show', toast);
    renderAccount('/account/user/77');
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = screen.getByRole('group', { name: 'Отменить заказ?' });
    expect(dialog).toHaveTextContent(price('До начала меньше суток: вернём 50% предоплаты — 375 ₽.'));
    expect(within(dialog).getByRole('link', { name: 'Подробнее о возврате' })).toHaveAttribute('href', '/docs/vozvrat');
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Да, отменить' }));
    expect(await screen.findByRole('region', { name: 'Отменён вами' })).toHaveTextContent(price('Мы вернём 375 ₽'));
    expect(cancel).toHaveBeenCalledWith(77);
    expect(toast).toHaveBeenCalledWith({ type: 'info', message: 'Заказ отменён' });
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).not.toBeInTheDocument();
    bus.off('toast:show', toast);
  });

  it('says cancelling costs nothing before the prepayment', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ status: 'awaiting_confirmation', payment: null, tickets: [] }) });
    renderAccount('/account/user/77');
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    expect(screen.getByText('Предоплата ещё не внесена, поэтому отмена ничего не стоит.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Не отменять' }));
    expect(screen.getByRole('button', { name: 'Отменить заказ' })).toBeInTheDocument();
  });

  it('shows the times of an excursion abroad in its city’s zone, saying so to a visitor from Moscow', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ excursion: OLD_TBILISI }) });
    renderAccount('/account/user/77');
    expect(await screen.findByText('суббота, 2 мая 2026 г. в 11:00 (время местное, UTC+4)')).toBeInTheDocument();
    expect(screen.getByText('Стоимость').closest('dl')).toHaveTextContent('1 апреля в 14:05 (время местное, UTC+4)');
  });

  it('never shows another customer’s order: the api’s 404 is the page’s 404, after one fetch', async () => {
    const call = jest.spyOn(orderCalls, 'order').mockRejectedValue(new ApiError(404, 'Not Found.'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderAccount('/account/user/5');
    await waitFor(() => expect(router.state.errors).not.toBeNull());
    expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({ status: 404, data: 'Page Not Found: /account/user/5' });
    expect(screen.queryByText('Кремль изнутри')).not.toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('places the order chat the shell provides, for this order, as the customer', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail() });
    const FakeChat = jest.fn(({ orderId, userType }: OrderChatProps) => <p>{`Чат заказа ${orderId} (${userType})`}</p>);
    widgets.provide('OrderChat', FakeChat);
    renderAccount('/account/user/77');
    const chat = await screen.findByRole('region', { name: 'Чат с гидом' });
    expect(within(chat).getByText('Чат заказа 77 (client)')).toBeInTheDocument();
    expect(FakeChat.mock.calls[0]?.[0]).toEqual({ orderId: 77, userType: 'client' });
  });

  it('has no chat section where no shell provides the chat', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail() });
    jest.spyOn(widgets, 'get').mockReturnValue(null);
    renderAccount('/account/user/77');
    await screen.findByRole('heading', { level: 1, name: 'Заказ №77' });
    expect(screen.queryByRole('heading', { name: 'Чат с гидом' })).not.toBeInTheDocument();
  });

  it('tells the order’s history step by step with times and reasons', async () => {
    const history = [
      { status: 'awaiting_confirmation' as const, actor: 'client' as const, reason: null, at: '2026-04-01T10:00:00Z' },
      { status: 'awaiting_payment' as const, actor: 'partner' as const, reason: null, at: '2026-04-01T12:00:00Z' },
      { status: 'confirmed' as const, actor: 'client' as const, reason: null, at: '2026-04-01T12:10:00Z' },
      { status: 'cancelled_by_partner' as const, actor: 'partner' as const, reason: 'Гид заболел', at: '2026-04-02T08:00:00Z' },
    ];
    jest.spyOn(orderCalls, 'order').mockResolvedValue({
      status: true,
      data: orderDetail({ status: 'cancelled_by_partner', history, refund_amount: 750, cancellation: { allowed: false, refund_percent: 0, refund_amount: 0 }, tickets: [{ id: 1, code: 'EX-AAAA2222', status: 'cancelled', qr_url: '/q' }] }),
    });
    renderAccount('/account/user/77');
    const timeline = await screen.findByRole('region', { name: 'История заказа' });
    const steps = within(timeline).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps[0]).toMatch(/^Заказ отправлен гиду на подтверждение1 апреля.{1,4}13:00/);
    expect(steps[1]).toMatch(/^Гид подтвердил заказ — ждём предоплату/);
    expect(steps[3]).toMatch(/Гид отменил экскурсию.*Причина: Гид заболел$/);
    // a cancelled order owes the guide nothing and has no QR to show
    expect(screen.queryByText('Гиду на месте')).not.toBeInTheDocument();
    expect(screen.queryByText(/Покажите QR-код/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR-код/ })).not.toBeInTheDocument();
  });

  it('says a declined payment did not go through and offers to pay again', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({
      status: true,
      data: orderDetail({ status: 'awaiting_payment', tickets: [], payment: { id: 2, status: 'failed', amount: 750, paid_at: null }, payment_due_at: new Date(Date.now() + 600_000).toISOString() }),
    });
    renderAccount('/account/user/77');
    expect(await screen.findByRole('alert')).toHaveTextContent('Оплата не прошла: банк отклонил платёж');
    expect(screen.getByRole('button', { name: /Оплатить предоплату/ })).toBeInTheDocument();
  });

  it('moves the order to another time after showing the price difference', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ event: { id: 31, starts_at: '2099-05-02T07:00:00Z' } }) });
    jest.spyOn(orderCalls, 'rescheduleOptions').mockResolvedValue({
      status: true,
      data: {
        allowed: true,
        reason: null,
        needs_approval: false,
        slots: [
          { event_id: 40, starts_at: '2099-05-03T07:00:00Z', seats_left: 6, total: 5000, difference: 0 },
          { event_id: 41, starts_at: '2099-05-04T07:00:00Z', seats_left: 6, total: 5600, difference: 600 },
        ],
      },
    });
    const move = jest.spyOn(orderCalls, 'reschedule').mockResolvedValue({ status: true, data: orderDetail({ event: { id: 41, starts_at: '2099-05-04T07:00:00Z' }, total: 5600 }) });
    renderAccount('/account/user/77');
    fireEvent.click(await screen.findByRole('button', { name: 'Перенести на другое время' }));
    const group = await screen.findByRole('group', { name: 'Перенести заказ' });
    expect(within(group).getByText(/та же цена/)).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'Перенести' }));
    expect(await within(group).findByText('Выберите новое время.')).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'пн, 4 мая: есть время' }));
    expect(within(group).getByText(/дороже на 600/)).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('radio', { name: /10:00/ }));
    fireEvent.click(within(group).getByRole('button', { name: 'Перенести' }));
    await waitFor(() => expect(move).toHaveBeenCalledWith(77, 41));
    expect(await screen.findByText(/4 мая 2099/)).toBeInTheDocument();
  });

  it('says a move asked of the guide is waiting for the answer, and when a move is not possible', async () => {
    jest.spyOn(orderCalls, 'order').mockResolvedValue({
      status: true,
      data: orderDetail({ reschedule: { id: 3, event_id: 41, starts_at: '2099-05-04T07:00:00Z', total: 5000, created_at: '2099-04-01T07:00:00Z' } }),
    });
    renderAccount('/account/user/77');
    expect(await screen.findByText(/Вы попросили перенести заказ на 4 мая.{1,4}10:00 — ждём ответа гида/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Перенести на другое время' })).not.toBeInTheDocument();
  });

  describe('the guide’s proposed times (issue 32 §2)', () => {
    const proposal: NonNullable<OrderDetail['proposal']> = {
      id: 3,
      order_id: 77,
      status: 'pending',
      message: 'В субботу не могу, есть два окна',
      expires_at: '2026-05-01T07:00:00Z',
      created_at: '2026-04-30T07:00:00Z',
      slots: [
        { event_id: 41, starts_at: '2026-05-03T07:00:00Z', label: '3 мая, 10:00', total: 5000, difference: 0 },
        { event_id: 42, starts_at: '2026-05-04T07:00:00Z', label: '4 мая, 10:00', total: 5600, difference: 600 },
      ],
    };

    it('one tap takes a time: the order moves, the chat is told to re-read it', async () => {
      const moved = orderDetail({ status: 'awaiting_payment', event: { id: 42, starts_at: '2026-05-04T07:00:00Z' }, total: 5600, proposal: null });
      // the page's own «order:changed» re-reads it too
      jest.spyOn(orderCalls, 'order').mockResolvedValueOnce({ status: true, data: orderDetail({ status: 'awaiting_confirmation', proposal }) }).mockResolvedValue({ status: true, data: moved });
      const accept = jest.spyOn(orderCalls, 'acceptProposal').mockResolvedValue({ status: true, data: moved });
      const changed = jest.fn();
      bus.on('order:changed', changed);
      renderAccount('/account/user/77');
      const section = await screen.findByRole('region', { name: 'Гид предлагает другое время' });
      expect(section).toHaveTextContent('В субботу не могу, есть два окна');
      fireEvent.click(within(section).getByRole('button', { name: /4 мая, 10:00.*\+600/ }));
      await waitFor(() => expect(accept).toHaveBeenCalledWith(77, 42));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Гид предлагает другое время' })).not.toBeInTheDocument());
      expect(changed).toHaveBeenCalledWith({ order_id: 77 });
      bus.off('order:changed', changed);
    });

    it('«Ни одно не подходит» asks once more and says the prepayment returns in full; a 409 is shown in Russian', async () => {
      jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ proposal }) });
      jest.spyOn(orderCalls, 'acceptProposal').mockRejectedValue(new ApiError(409, 'На это время мест уже не осталось: выберите другое из предложенных или напишите гиду.', {}));
      const refuse = jest.spyOn(orderCalls, 'refuseProposal').mockResolvedValue({ status: true, data: orderDetail({ status: 'cancelled_by_customer', proposal: null }) });
      renderAccount('/account/user/77');
      const section = await screen.findByRole('region', { name: 'Гид предлагает другое время' });
      fireEvent.click(within(section).getByRole('button', { name: /3 мая/ }));
      expect(await within(section).findByRole('alert')).toHaveTextContent('мест уже не осталось');
      fireEvent.click(within(section).getByRole('button', { name: 'Ни одно не подходит' }));
      expect(refuse).not.toHaveBeenCalled();
      expect(section).toHaveTextContent('Заказ будет отменён, предоплата вернётся полностью.');
      fireEvent.click(within(section).getByRole('button', { name: 'Отменить заказ' }));
      await waitFor(() => expect(refuse).toHaveBeenCalledWith(77));
    });
  });

  describe('a group that gathers (issue 32 §1)', () => {
    it('shows how far the group is, with a progress bar', async () => {
      jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ gathering: { min: 6, booked: 4, decides_at: '2026-05-01T07:00:00Z', confirmed: false } }) });
      renderAccount('/account/user/77');
      expect(await screen.findByText('Группа набирается: 4 из 6 — экскурсия состоится, когда наберётся 6.')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('value', '4');
      expect(screen.getByText(/Если группа не наберётся к 1 мая/)).toBeInTheDocument();
    });

    it('others joining are pushed: the page shows the new count without a request', async () => {
      const order = jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ gathering: { min: 6, booked: 4, decides_at: '2026-05-01T07:00:00Z', confirmed: false } }) });
      renderAccount('/account/user/77');
      expect(await screen.findByRole('progressbar')).toHaveAttribute('value', '4');
      const calls = order.mock.calls.length;
      act(() => bus.emit('order:gathering', { order_id: 78, gathering: { min: 6, booked: 1, decides_at: '2026-05-01T07:00:00Z', confirmed: false } }));
      expect(screen.getByRole('progressbar')).toHaveAttribute('value', '4');
      act(() => bus.emit('order:gathering', { order_id: 77, gathering: { min: 6, booked: 6, decides_at: '2026-05-01T07:00:00Z', confirmed: false } }));
      expect(screen.getByText('Группа собралась: 6 из 6 — экскурсия состоится.')).toBeInTheDocument();
      expect(order.mock.calls.length).toBe(calls);
    });

    it('a slot cancelled below the minimum offers the nearest slots, each one tap to the order form', async () => {
      jest.spyOn(orderCalls, 'order').mockResolvedValue({
        status: true,
        data: orderDetail({ status: 'cancelled_by_partner', next_slots: [{ event_id: 51, starts_at: '2026-05-09T07:00:00Z', seats_left: 8 }] }),
      });
      renderAccount('/account/user/77');
      const nearest = await screen.findByRole('navigation', { name: 'Ближайшие даты этой экскурсии' });
      expect(within(nearest).getByRole('link', { name: /Забронировать на 9 мая/ })).toHaveAttribute('href', '/excursion/moskva-i-podmoskove/moskva/kreml/order?event=51');
    });
  });

  it('a waiting request offers instant alternatives; «Забронировать вместо» books one and opens the new order (issue 32 §3)', async () => {
    const alternative = {
      excursion: { id: 12, slug: 'arbat', title: 'Старый Арбат', photo_url: '/a.svg', city_slug: 'moskva', region_slug: 'moskva-i-podmoskove', rating: 4.8 },
      event_id: 61,
      starts_at: '2026-05-02T11:00:00Z',
      seats_left: 6,
      total: 4200,
    };
    const created = orderDetail({ id: 78, status: 'awaiting_payment', alternatives: [] });
    jest
      .spyOn(orderCalls, 'order')
      .mockImplementation(async (id) => ({ status: true, data: id === 78 ? created : orderDetail({ status: 'awaiting_confirmation', alternatives: [alternative] }) }));
    const switchTo = jest.spyOn(orderCalls, 'switchTo').mockResolvedValue({ status: true, data: created });
    renderAccount('/account/user/77');
    const section = await screen.findByRole('region', { name: 'Не хотите ждать? Можно сразу' });
    expect(section).toHaveTextContent('платить дважды не придётся');
    expect(within(section).getByRole('link', { name: 'Старый Арбат' })).toHaveAttribute('href', '/excursion/moskva-i-podmoskove/moskva/arbat');
    expect(section).toHaveTextContent(price('4 200 ₽'));
    fireEvent.click(within(section).getByRole('button', { name: /Забронировать вместо: Старый Арбат/ }));
    await waitFor(() => expect(switchTo).toHaveBeenCalledWith(77, 61));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №78' })).toBeInTheDocument();
  });

  it('the e-mail’s «Забронировать вместо» link opens the order with that alternative focused, booking nothing by itself', async () => {
    const offered = [61, 62].map((event_id) => ({
      excursion: { id: event_id, slug: `a${event_id}`, title: `Экскурсия ${event_id}`, photo_url: '/a.svg', city_slug: 'moskva', region_slug: 'moskva-i-podmoskove', rating: 4.8 },
      event_id,
      starts_at: '2026-05-02T11:00:00Z',
      seats_left: 6,
      total: 4200,
    }));
    jest.spyOn(orderCalls, 'order').mockResolvedValue({ status: true, data: orderDetail({ status: 'awaiting_confirmation', alternatives: offered }) });
    const switchTo = jest.spyOn(orderCalls, 'switchTo');
    renderAccount('/account/user/77?instead=62');
    const button = await screen.findByRole('button', { name: /Забронировать вместо: Экскурсия 62/ });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button.closest('li')).toHaveTextContent('Выбрано в письме — подтвердите:');
    expect(screen.getByRole('button', { name: /Экскурсия 61/ }).closest('li')).not.toHaveTextContent('Выбрано в письме');
    expect(switchTo).not.toHaveBeenCalled();
  });
});
