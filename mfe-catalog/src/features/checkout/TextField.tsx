import { useId, type InputHTMLAttributes } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

/** A labelled input with its error under it (tied by aria-describedby). */
export function TextField({ label, value, error, onChange, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <div className="cat-checkout__field">
      <label htmlFor={id} className="cat-checkout__label">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        className="cat-checkout__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="cat-checkout__error">
          {error}
        </p>
      )}
    </div>
  );
}
