import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { isComplete, onlyDigits, spread, typedDigits } from './pinDigits';
import './pin.css';

export interface PinInputProps {
  /** One entry per box: '' or a digit. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Called once the last box is filled (spec §5: submitted when the 4th digit is entered). */
  onComplete: (code: string) => void;
  /** Where the code comes from (the SMS, the caller's number): shown above the boxes, read as the group's description. */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** The PIN as single-digit boxes: digits only, a pasted code fills them, focus moves along as digits come. */
export function PinInput({ value, onChange, onComplete, label, disabled = false, invalid = false, describedBy }: PinInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const captionId = useId();
  const joined = value.join('');
  const previous = useRef(joined);

  useEffect(() => {
    boxes.current[0]?.focus();
  }, []);

  // Cleared from outside (a wrong code): start again at the first box.
  useEffect(() => {
    if (joined === '' && previous.current !== '') boxes.current[0]?.focus();
    previous.current = joined;
  }, [joined]);

  const update = (next: string[], focusIndex: number) => {
    onChange(next);
    boxes.current[Math.max(0, Math.min(next.length - 1, focusIndex))]?.focus();
    if (isComplete(next)) onComplete(next.join(''));
  };

  const change = (index: number, raw: string) => {
    const digits = typedDigits(raw, value[index] ?? '');
    if (digits === '') {
      if (onlyDigits(raw) === '' && raw !== '') return; // a letter: nothing changes
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    const { next, last } = spread(value, digits, index);
    update(next, last + 1);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (digits === '') return;
    const { next, last } = spread(value, digits, index);
    update(next, last + 1);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (value[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < value.length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  return (
    <div className="au-pin-field">
      <p id={captionId} className="au-pin__caption">
        {label}
      </p>
      <fieldset
        className="au-pin"
        // one name for the boxes whatever the channel; the caption and the error describe them
        aria-label={`Код из ${value.length} цифр`}
        aria-describedby={[captionId, describedBy].filter(Boolean).join(' ')}
      >
        {value.map((digit, index) => (
          <input
            // the boxes never reorder
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            className={invalid ? 'au-pin__box au-pin__box--invalid' : 'au-pin__box'}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Цифра ${index + 1} из ${value.length}`}
            aria-invalid={invalid || undefined}
            value={digit}
            disabled={disabled}
            onChange={(e) => change(index, e.target.value)}
            onPaste={(e) => paste(index, e)}
            onKeyDown={(e) => keyDown(index, e)}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </fieldset>
    </div>
  );
}
