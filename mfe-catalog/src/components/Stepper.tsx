import './stepper.css';

interface StepperProps {
  /** What is counted (accessible name of the group and its buttons). */
  label: string;
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
}

/** − n + : a count between min and max. */
export function Stepper({ label, value, min = 0, max, onChange }: StepperProps) {
  return (
    <fieldset className="cat-stepper" aria-label={label}>
      <button
        type="button"
        className="cat-stepper__btn"
        aria-label={`Уменьшить: ${label}`}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        −
      </button>
      <output className="cat-stepper__value" aria-live="polite">
        {/* the change is read as «Взрослый: 2», not a bare number */}
        <span className="cat-sr">{label}: </span>
        {value}
      </output>
      <button
        type="button"
        className="cat-stepper__btn"
        aria-label={`Увеличить: ${label}`}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </fieldset>
  );
}
