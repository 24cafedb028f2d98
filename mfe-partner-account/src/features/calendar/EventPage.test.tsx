import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type PartnerEvent } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { calendarCalls } from './calendarCalls';
import { eventCalls } from './eventCalls';

const ok = <T,>(data: T) => ({ status: true as const, data });

function slot(overrides: Partial<PartnerEvent> = {}): PartnerEvent {
  return {
    id: 31,
    starts_at: '2026-12-02T07:00:00Z',
    time_zone: 'Europe/Moscow',
    status: 'active',
    capacity: 12,
    booked_seats: 5,
    excursion: { id: 10, title: 'Кремль изнутри', meeting_point: 'У Кутафьей башни', duration_minutes: 120 },
    orders: [
      {
        id: 7,
        status: 'confirmed',
        contact_name: 'Анна Смирнова',
        contact_phone: '79990000001',
        contact_hidden: false,
        seats: 3,
        participants: [{ code: 'adult', name: 'Взрослый', price: 1500, count: 3 }],
        comment: 'Будем к 10:00',
        rest: 3825,
        tickets: [
          { code: 'K7M2Q9XR4T', status: 'active' },
          { code: 'P3N8W2ZC6H', status: 'redeemed' },
          { code: 'B5V9T4LK2M', status: 'active' },
        ],
      },
      {
        id: 8,
        status: 'awaiting_payment',
        contact_name: 'Пётр',
        contact_phone: '+7 999 ***-**-67',
        contact_hidden: true,
        seats: 2,
        participants: [{ code: 'adult', name: 'Взрослый', price: 1500, count: 2 }],
        comment: '',
        rest: 2550,
        tickets: [],
      },
      { id: 9, status: 'declined', contact_name: 'Ира', contact_phone: '+7 999 ***-**-11', contact_hidden: true, seats: 1, participants: [], comment: '', rest: 0, tickets: [] },
    ],
    ...overrides,
  };
}

describe('the slot page', () => {
  beforeEach(() => signInAs());
  afterEach(() => jest.restoreAllMocks());

  it('shows the time, the seats, the participants with their tickets and who is checked in', async () => {
    jest.spyOn(eventCalls, 'event').mockResolvedValue(ok(slot()));
    renderAccount('/account/partner/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Кремль изнутри' })).toBeInTheDocument();
    expect(screen.getByText(/среда, 2 декабря 2026 г\..{1,4}10:00/)).toBeInTheDocument();
    expect(screen.getByText('5 из 12')).toBeInTheDocument();
    expect(screen.getByText('1 из 3')).toBeInTheDocument();
    const tickets = screen.getByRole('list', { name: 'Билеты заказа №7' });
    expect(within(tickets).getByText(/P3N8W2ZC6H ✓ отмечен/)).toBeInTheDocument();
    expect(screen.getByText(/\+7 999 \*\*\*-\*\*-67/)).toHaveTextContent('(откроется после оплаты)');
    expect(screen.getByText(/без мест на это время/)).toHaveTextContent('№9');
  });

  // Issue 24, item 9
  it('keeps the order number apart from its status, and shows a paid order’s phone formatted', async () => {
    jest.spyOn(eventCalls, 'event').mockResolvedValue(ok(slot()));
    renderAccount('/account/partner/31');
    const order = (await screen.findByRole('link', { name: 'Заказ №7' })).closest('li')!;
    expect(order.textContent).toMatch(/Заказ №7\s+Подтверждён и оплачен/);
    expect(within(order).getByText(/Анна Смирнова/).closest('p')).toHaveTextContent('Анна Смирнова, +7 (999) 000-00-01');
    expect(screen.queryByText(/79990000001/)).not.toBeInTheDocument();
    // a masked phone stays as the api masked it
    expect(screen.getByText(/\+7 999 \*\*\*-\*\*-67/)).toBeInTheDocument();
  });

  it('shows «Отменить слот» as a quiet button; only the confirmation is the red one', async () => {
    jest.spyOn(eventCalls, 'event').mockResolvedValue(ok(slot({ starts_at: '2099-12-02T07:00:00Z' })));
    renderAccount('/account/partner/31');
    const open = await screen.findByRole('button', { name: 'Отменить слот' });
    expect(open).toHaveClass('ex-ui-button--secondary');
    expect(open).not.toHaveClass('ex-ui-button--danger');
    fireEvent.click(open);
    expect(within(screen.getByRole('group', { name: 'Отменить слот' })).getByRole('button', { name: 'Отменить слот и заказы' })).toHaveClass('ex-ui-button--danger');
  });

  it('checks a ticket in by its code, and says why a code is refused', async () => {
    jest.spyOn(eventCalls, 'event').mockResolvedValue(ok(slot()));
    const message = 'Билета с таким кодом нет среди участников этого времени.';
    const checkIn = jest
      .spyOn(eventCalls, 'checkIn')
      .mockRejectedValueOnce(new ApiError(422, message, { code: [message] }))
      .mockResolvedValueOnce(
        ok(slot({ orders: slot().orders.map((o) => (o.id === 7 ? { ...o, tickets: o.tickets.map((t) => ({ ...t, status: 'redeemed' as const })) } : o)) })),
      );
    renderAccount('/account/partner/31');
    const field = await screen.findByRole('textbox', { name: 'Код билета' });
    fireEvent.click(screen.getByRole('button', { name: 'Отметить' }));
    expect(await screen.findByText('Введите код билета.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отметить' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field, { target: { value: 'k7m2q9xr4t' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отметить' }));
    await waitFor(() => expect(screen.getByText('3 из 3')).toBeInTheDocument());
    expect(checkIn).toHaveBeenLastCalledWith(31, 'k7m2q9xr4t');
    expect(field).toHaveValue('');
  });

  it('another partner’s slot is the 404 page', async () => {
    jest.spyOn(eventCalls, 'event').mockRejectedValue(new ApiError(404, 'Not Found.'));
    renderAccount('/account/partner/14');
    await waitFor(() => expect(eventCalls.event).toHaveBeenCalledWith(14));
    expect(screen.queryByRole('heading', { level: 1, name: /Событие/ })).not.toBeInTheDocument();
  });

  it('closes sales, and cancels the slot with its orders for a reason', async () => {
    const ahead = { starts_at: '2099-12-02T07:00:00Z' };
    jest.spyOn(eventCalls, 'event').mockResolvedValue(ok(slot(ahead)));
    const patch = jest.spyOn(calendarCalls, 'patchSlots').mockResolvedValue({ status: true });
    const cancel = jest.spyOn(calendarCalls, 'cancelSlot').mockResolvedValue({ status: true });
    renderAccount('/account/partner/31');
    fireEvent.click(await screen.findByRole('button', { name: 'Закрыть продажи' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith({ ids: [31], status: 'closed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отменить слот' }));
    const group = screen.getByRole('group', { name: 'Отменить слот' });
    fireEvent.change(within(group).getByLabelText('Причина'), { target: { value: 'Гид заболел' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Отменить слот и заказы' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(31, 'Гид заболел'));
  });
});
