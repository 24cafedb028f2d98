import {
  clearIfShort,
  displayOf,
  EMPTY_PHONE,
  fullDigits,
  phoneProblem,
  readTyped,
  withCountry,
  type PhoneValue,
} from './phoneValue';

/** Type `text` one character at a time, as the browser would report each change. */
function typeInto(text: string, start: PhoneValue = EMPTY_PHONE): PhoneValue {
  let value = start;
  for (const ch of text) value = readTyped(displayOf(value) + ch, value);
  return value;
}

describe('phone value', () => {
  it('masks what is typed and drops what the field does not accept', () => {
    const value = typeInto('99x9a0!000001');
    expect(value).toEqual({ country: 'RU', national: '9990000001' });
    expect(displayOf(value)).toBe('(999) 000-00-01');
    expect(fullDigits(value)).toBe('79990000001');
  });

  it('stops at 10 digits for Russia', () => {
    expect(typeInto('99900000019999').national).toBe('9990000001');
  });

  it('takes a pasted number with +7, 8 or 7 in front', () => {
    expect(readTyped('+7 (999) 000-00-01', EMPTY_PHONE).national).toBe('9990000001');
    expect(readTyped('8 999 000 00 01', EMPTY_PHONE).national).toBe('9990000001');
    expect(readTyped('79990000001', EMPTY_PHONE).national).toBe('9990000001');
  });

  it('switches the country from a pasted international number', () => {
    expect(readTyped('+375 29 123-45-67', EMPTY_PHONE)).toEqual({ country: 'BY', national: '291234567' });
    expect(readTyped('+7 701 123 45 67', EMPTY_PHONE)).toEqual({ country: 'KZ', national: '7011234567' });
  });

  it('deletes the digit before a deleted formatting character', () => {
    const value: PhoneValue = { country: 'RU', national: '9990' };
    expect(displayOf(value)).toBe('(999) 0');
    expect(readTyped('(999) ', value).national).toBe('999');
    expect(readTyped('(999)0', value).national).toBe('990');
    expect(readTyped('(999 0', value).national).toBe('990');
    expect(readTyped('999) 0', value).national).toBe('9990');
  });

  it('clears a number with fewer than 10 digits on blur', () => {
    expect(clearIfShort({ country: 'RU', national: '999000000' }).national).toBe('');
    expect(clearIfShort({ country: 'RU', national: '9990000001' }).national).toBe('9990000001');
    expect(clearIfShort({ country: 'BY', national: '29123' }).national).toBe('');
    expect(clearIfShort({ country: 'BY', national: '291234567' }).national).toBe('291234567');
  });

  it('says why a number cannot be sent', () => {
    expect(phoneProblem(EMPTY_PHONE)).toBe('required');
    expect(phoneProblem({ country: 'RU', national: '999000000' })).toBe('invalid');
    expect(phoneProblem({ country: 'RU', national: '9990000001' })).toBeNull();
    expect(phoneProblem({ country: 'BY', national: '291234567' })).toBeNull();
    expect(phoneProblem({ country: 'BY', national: '2912345678901' })).toBe('invalid');
  });
});

describe('country change', () => {
  it('keeps the digits within the new country length', () => {
    expect(withCountry({ country: 'BY', national: '29123456789' }, 'RU')).toEqual({ country: 'RU', national: '2912345678' });
    expect(withCountry({ country: 'RU', national: '9990000001' }, 'KZ')).toEqual({ country: 'KZ', national: '9990000001' });
  });
});
