import { formatPrice, type PriceUnit, type PriceType } from '@excursio/shared';
import { Stepper } from '../../components/Stepper';
import type { Counts } from './checkoutPrice';

interface ParticipantsFieldProps {
  units: readonly PriceUnit[];
  priceType: PriceType;
  counts: Counts;
  /** Most people this order may have on the chosen event. */
  limit: number;
  error?: string;
  onChange: (counts: Counts) => void;
}

/** One stepper per price unit; together they never pass the limit. A group has one stepper: its people. */
export function ParticipantsField({ units, priceType, counts, limit, error, onChange }: ParticipantsFieldProps) {
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  const shown = priceType === 'per_group' ? units.slice(0, 1) : units;
  return (
    <fieldset className="cat-checkout__field" aria-describedby={error ? 'cat-checkout-participants-error' : undefined}>
      <legend className="cat-checkout__legend">Участники</legend>
      <ul className="cat-checkout__units">
        {shown.map((unit) => {
          const value = counts[unit.code] ?? 0;
          const label = priceType === 'per_group' ? 'Человек в группе' : unit.name;
          return (
            <li key={unit.code} className="cat-checkout__unit">
              <span className="cat-checkout__unit-name">
                {label}
                <span className="cat-checkout__unit-price">
                  {priceType === 'per_group' ? `${formatPrice(unit.price)} за группу` : formatPrice(unit.price)}
                </span>
              </span>
              <Stepper label={label} value={value} min={0} max={value + Math.max(0, limit - total)} onChange={(n) => onChange({ ...counts, [unit.code]: n })} />
            </li>
          );
        })}
      </ul>
      <p className="cat-checkout__hint">Не больше {limit} на это время.</p>
      {error && (
        <p id="cat-checkout-participants-error" className="cat-checkout__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
