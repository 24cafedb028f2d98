import { Field } from '@excursio/shared/ui';

export interface FilterSelectProps {
  label: string;
  /** The values and their Russian names, in the order they are offered. */
  options: Readonly<Record<string, string>>;
  value: string;
  onChange: (value: string) => void;
  /** The first option, the empty value: no filter. */
  anyLabel?: string;
}

/** A list page's filter: a labelled select of named values, with «Все» (no filter) first. */
export function FilterSelect({ label, options, value, onChange, anyLabel = 'Все' }: FilterSelectProps) {
  return (
    <Field label={label}>
      {(props) => (
        <select {...props} className="ex-ui-select" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{anyLabel}</option>
          {Object.entries(options).map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
