import { CANCEL_REASONS } from '@excursio/shared/contracts';
import { Field } from './ui';

/** The reason of a partner's cancellation, from the fixed list the customers are shown. */
export function CancelReasonField({ label, value, onChange }: { label: string; value: string; onChange: (reason: string) => void }) {
  return (
    <Field label={label}>
      {(props) => (
        <select {...props} className="ex-ui-select" value={value} onChange={(e) => onChange(e.target.value)}>
          {Object.values(CANCEL_REASONS).map((text) => (
            <option key={text} value={text}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
