import { act, render, screen } from '@testing-library/react';
import { orderDetail } from '../../testing/orders';
import { formatCountdown, OrderDeadline } from './OrderDeadline';

describe('the order clock', () => {
  afterEach(() => jest.useRealTimers());

  it('formats what is left', () => {
    expect(formatCountdown(14 * 60_000 + 5_000)).toBe('14:05');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(2 * 3600_000 + 61_000)).toBe('2:01:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('counts the payment hold down every second, then says it is over', () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const onExpired = jest.fn();
    const order = orderDetail({ status: 'awaiting_payment', payment_due_at: '2026-11-24T10:00:03Z', payment: null, tickets: [] });
    render(<OrderDeadline order={order} onExpired={onExpired} />);
    expect(screen.getByText('0:03')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('0:02')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Время на оплату истекло');
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('tells until when the guide answers a request, on the excursion city’s clock', () => {
    const order = orderDetail({ status: 'awaiting_confirmation', respond_by: '2026-11-25T12:30:00Z', payment: null, tickets: [] });
    render(<OrderDeadline order={order} />);
    expect(screen.getByText(/Гид ответит до/)).toHaveTextContent(/Гид ответит до 25 ноября.{1,4}15:30/);
  });

  it('says nothing for a confirmed order', () => {
    const { container } = render(<OrderDeadline order={orderDetail()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
