import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffOrder } from '@excursio/shared';
import { callsTo, fakeApi, ok, paged } from '../../testing/fakeApi';
import { order } from '../../testing/fixtures';
import { ADMIN_ME, meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const noRefunds = { 'GET /api/staff/refunds': () => ok(paged([])) };

describe('orders list', () => {
  it('searches by what was typed and shows each order with its status and amounts', async () => {
    const calls = fakeApi({ ...meRoute(), ...noRefunds, 'GET /api/staff/orders': () => ok(paged([order()])) });
    renderBackoffice('/backoffice/orders');
    const row = (await screen.findByRole('link', { name: '№42' })).closest('tr')!;
    expect(row).toHaveTextContent('Подтверждён');
    expect(row).toHaveTextContent(/6\s000\s₽/);
    fireEvent.change(screen.getByLabelText('Номер, телефон, имя, экскурсия или партнёр'), { target: { value: ' 79990000001 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/orders').at(-1)?.query).toEqual({ page: 1, q: '79990000001' }));
  });

  it('lets an admin approve a refund waiting above the limit', async () => {
    const pending = { id: 6, order_id: 42, payment_id: 3, provider: 'yookassa', external_id: null, amount: 9000, status: 'pending' as const, reason: 'Гид заболел', requested_by: { id: 3, name: 'Ольга' }, decided_by: null, created_at: '2026-05-30T08:00:00Z', decided_at: null };
    let waiting = [pending];
    const calls = fakeApi({
      ...meRoute(ADMIN_ME),
      'GET /api/staff/refunds': () => ok(paged(waiting)),
      'POST /api/staff/refunds/6/approve': () => {
        waiting = [];
        return ok(order());
      },
      'GET /api/staff/orders': () => ok(paged([order()])),
    });
    renderBackoffice('/backoffice/orders');
    const section = await screen.findByRole('region', { name: 'Возвраты ждут решения администратора' });
    expect(section).toHaveTextContent(/9\s000\s₽ · Гид заболел/);
    fireEvent.click(within(section).getByRole('button', { name: 'Провести' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Возвраты ждут решения администратора' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/staff/refunds/6/approve')).toHaveLength(1);
  });
});

describe('order page', () => {
  it('shows the whole order with the provider ids, and opens the chat read-only only on request', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/orders/42': () => ok(order()),
      'GET /api/staff/orders/42/chat': () =>
        ok({ order_id: 42, messages: [{ id: 1, sender: 'client', sender_name: 'Анна', text: 'Где встречаемся?', created_at: '2026-05-21T10:00:00Z' }] }),
    });
    renderBackoffice('/backoffice/orders/42');
    expect(await screen.findByText('pay_2f1c')).toBeInTheDocument();
    expect(screen.getByText('EX-42-A')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/staff/orders/42/chat')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Открыть переписку' }));
    const chat = await screen.findByRole('list', { name: 'Сообщения (только чтение)' });
    expect(chat).toHaveTextContent('Где встречаемся?');
    expect(screen.queryByRole('textbox', { name: /сообщени/i })).not.toBeInTheDocument();
  });

  it('cancels with a reason and a partial refund, checking the amount first', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/orders/42': () => ok(order()),
      'POST /api/staff/orders/42/cancel': () =>
        ok<StaffOrder>(order({ status: 'cancelled_by_partner', refundable: 0, actions: { cancel: false, refund: false, resend_tickets: false, extend_hold: false } })),
    });
    renderBackoffice('/backoffice/orders/42');
    const form = await screen.findByRole('form', { name: 'Отменить заказ' });
    fireEvent.change(within(form).getByLabelText(/Причина/), { target: { value: 'Гид заболел' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Частичный' }));
    fireEvent.change(within(form).getByLabelText('Сумма возврата, ₽'), { target: { value: '1200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Отменить заказ' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Сумма возврата — целое число от 1 до 900 ₽.');
    expect(callsTo(calls, 'POST', '/api/staff/orders/42/cancel')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Сумма возврата, ₽'), { target: { value: '400' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Отменить заказ' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Заказ отменён, возврат 400\s₽ оформлен/);
    expect(callsTo(calls, 'POST', '/api/staff/orders/42/cancel')[0]!.body).toEqual({ reason: 'Гид заболел', refund_amount: 400 });
    expect(screen.getByText('Отменён', { selector: '.bo-badge' })).toBeInTheDocument();
  });

  it('resends tickets and extends a payment hold when the order allows', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/orders/42': () => ok(order({ status: 'awaiting_payment', actions: { cancel: true, refund: false, resend_tickets: false, extend_hold: true }, payment_due_at: '2026-05-30T12:00:00Z' })),
      'POST /api/staff/orders/42/extend-hold': () => ok(order({ status: 'awaiting_payment', actions: { cancel: true, refund: false, resend_tickets: false, extend_hold: true } })),
    });
    renderBackoffice('/backoffice/orders/42');
    expect(await screen.findByLabelText('Продлить срок оплаты на')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить билеты ещё раз' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Продлить срок оплаты на'), { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продлить' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Срок оплаты продлён.');
    expect(callsTo(calls, 'POST', '/api/staff/orders/42/extend-hold')[0]!.body).toEqual({ minutes: 180 });
  });
});
