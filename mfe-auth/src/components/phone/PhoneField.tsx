import { useId } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { PHONE_COUNTRIES } from './countries';
import { PHONE_MAX_LENGTH } from './phoneDigits';
import { clearIfShort, dialCodeOf, displayOf, readTyped, withCountry, type PhoneValue } from './phoneValue';
import './phone.css';

interface PhoneFieldProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The phone number in international mode: a country select (Russia preselected) and the masked national number. */
export function PhoneField({ value, onChange, error, disabled = false, autoFocus = false }: PhoneFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const selectCountry = (iso2: string) => onChange(withCountry(value, iso2 as CountryCode));

  return (
    <div className="au-phone">
      <label className="au-phone__label" htmlFor={id}>
        Номер телефона
      </label>
      <div className={error ? 'au-phone__row au-phone__row--error' : 'au-phone__row'}>
        <span className="au-phone__country">
          <span className="au-phone__code" aria-hidden="true">
            {value.country} +{dialCodeOf(value.country)}
          </span>
          <select
            className="au-phone__select"
            aria-label="Страна"
            value={value.country}
            disabled={disabled}
            onChange={(e) => selectCountry(e.target.value)}
          >
            {PHONE_COUNTRIES.map((c) => (
              <option key={c.iso2} value={c.iso2}>
                {c.name} +{c.dialCode}
              </option>
            ))}
          </select>
        </span>
        <input
          id={id}
          className="au-phone__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          name="phone"
          required
          maxLength={PHONE_MAX_LENGTH}
          placeholder={value.country === 'RU' ? '(999) 000-00-00' : undefined}
          value={displayOf(value)}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(readTyped(e.target.value, value))}
          onBlur={() => onChange(clearIfShort(value))}
        />
      </div>
      {error && (
        <p id={errorId} className="au-phone__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
