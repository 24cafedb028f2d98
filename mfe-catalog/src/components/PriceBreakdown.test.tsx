import { render, screen } from '@testing-library/react';
import { priceText } from '../testing/text';
import { PriceBreakdown } from './PriceBreakdown';

function row(label: string) {
  return screen.getByText(label, { exact: false }).closest('.cat-price__row') as HTMLElement;
}

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

  it.each([
    [1001, 150, 851],
    [1010, 152, 858],
    [0, 0, 0],
  ])('rounds the prepayment of %i to whole roubles, as the api does', (total, now, rest) => {
    render(<PriceBreakdown lines={[]} total={total} commissionPercent={15} />);
    expect(row('Предоплата онлайн сейчас')).toHaveTextContent(priceText(now));
    expect(row('Гиду на месте')).toHaveTextContent(priceText(rest));
  });

  it('prefers the prepayment the api computed', () => {
    render(<PriceBreakdown lines={[]} total={1000} commissionPercent={12.5} prepayment={130} />);
    expect(row('Предоплата онлайн сейчас')).toHaveTextContent('сервисный сбор 12,5%');
    expect(row('Гиду на месте')).toHaveTextContent(priceText(870));
  });
});
