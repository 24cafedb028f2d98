import { formatPrice } from '@excursio/shared';
import { splitPayment } from '@excursio/shared/pricing';
import './price-breakdown.css';

export interface PriceLine {
  label: string;
  amount: number;
}

interface PriceBreakdownProps {
  lines: readonly PriceLine[];
  total: number;
  /** The service commission in percent (session.serviceCommission). */
  commissionPercent: number;
  /** The prepayment as the api computed it, when known (it wins over the local estimate). */
  prepayment?: number;
  /** When the prepayment is paid: now (instant booking) or once the guide confirms. */
  prepaymentLabel?: string;
}

const percent = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** The order's price: its lines, the total, what is paid online now and what goes to the guide. */
export function PriceBreakdown({ lines, total, commissionPercent, prepayment, prepaymentLabel = 'Предоплата онлайн сейчас' }: PriceBreakdownProps) {
  const split = splitPayment(total, commissionPercent);
  const now = prepayment ?? split.prepayment;
  return (
    <div className="cat-price" aria-label="Стоимость">
      {lines.length > 0 && (
        <dl className="cat-price__lines">
          {lines.map((line) => (
            <div key={line.label} className="cat-price__row">
              <dt>{line.label}</dt>
              <dd>{formatPrice(line.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
      <dl className="cat-price__summary">
        <div className="cat-price__row cat-price__row--total">
          <dt>Итого</dt>
          <dd>{formatPrice(total)}</dd>
        </div>
        <div className="cat-price__row cat-price__row--now">
          <dt>
            {prepaymentLabel}
            <span className="cat-price__hint">сервисный сбор {percent.format(commissionPercent)}%</span>
          </dt>
          <dd>{formatPrice(now)}</dd>
        </div>
        <div className="cat-price__row">
          <dt>
            Гиду на месте
            <span className="cat-price__hint">оплачивается в день экскурсии</span>
          </dt>
          <dd>{formatPrice(total - now)}</dd>
        </div>
      </dl>
    </div>
  );
}
