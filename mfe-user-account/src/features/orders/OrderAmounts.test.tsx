import { render, screen } from '@testing-library/react';
import { orderDetail } from '../../testing/orders';
import { OrderAmounts } from './OrderAmounts';

describe('OrderAmounts', () => {
  it('says where the receipt of a paid prepayment went', () => {
    const order = orderDetail({ payment: { id: 1, status: 'succeeded', amount: 750, paid_at: '2026-04-01T10:05:00Z', receipt_to: 'anna@example.ru' } });
    render(<OrderAmounts order={order} />);
    expect(screen.getByText('Чек отправлен на anna@example.ru')).toBeInTheDocument();
  });

  it('says nothing of a receipt when the provider sent none (the test provider)', () => {
    render(<OrderAmounts order={orderDetail()} />);
    expect(screen.queryByText(/Чек отправлен/)).not.toBeInTheDocument();
  });
});
