import { render, screen } from '@testing-library/react';
import { priceText } from '../testing/text';
import { PriceBreakdown } from './PriceBreakdown';
import { splitPayment } from './payment';

function row(label: string) {
  return screen.getByText(label, { exact: false }).closest('.cat-price__row') as HTMLElement;
}

describe('splitPayment', () => {
  it('takes the commission now and leaves the rest for the guide', () => {
    expect(splitPayment(6000, 15)).toEqual({ total: 6000, prepayment: 900, rest: 5100 });
    expect(splitPayment(1001, 15)).toEqual({ total: 1001, prepayment: 150, rest: 851 });
    expect(splitPayment(1010, 15)).toEqual({ total: 1010, prepayment: 152, rest: 858 });
    expect(splitPayment(0, 15)).toEqual({ total: 0, prepayment: 0, rest: 0 });
  });
});

describe('PriceBreakdown', () => {
  it('shows the lines, the total, the prepayment with its percentage and the rest', () => {
    render(
      <PriceBreakdown
        lines={[
          { label: 'Взрослый × 2', amount: 5000 },
          { label: 'Детский × 1', amount: 1000 },
        ]}
        total={6000}
        commissionPercent={15}
      />,
    );
    expect(row('Взрослый × 2')).toHaveTextContent(priceText(5000));
    expect(row('Итого')).toHaveTextContent(priceText(6000));
    expect(row('Предоплата онлайн сейчас')).toHaveTextContent('сервисный сбор 15%');
    expect(row('Предоплата онлайн сейчас')).toHaveTextContent(priceText(900));
    expect(row('Гиду на месте')).toHaveTextContent(priceText(5100));
  });

  it('prefers the prepayment the api computed', () => {
    render(<PriceBreakdown lines={[]} total={1000} commissionPercent={12.5} prepayment={130} />);
    expect(row('Предоплата онлайн сейчас')).toHaveTextContent('сервисный сбор 12,5%');
    expect(row('Гиду на месте')).toHaveTextContent(priceText(870));
  });
});
