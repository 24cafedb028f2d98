import {
  digitsOf,
  filterPhoneChars,
  hasMinDigits,
  isNationalLengthValid,
  maskRu,
  normaliseRuNational,
} from './phoneDigits';

describe('phone digits', () => {
  it('accepts only digits, spaces, brackets, hyphens and plus', () => {
    expect(filterPhoneChars('+7 (999) 000-00-01')).toBe('+7 (999) 000-00-01');
    expect(filterPhoneChars('9a9.9_0#0/0*0,0x0;1')).toBe('9990000001');
    expect(filterPhoneChars('tel:\t999')).toBe(' 999');
  });

  it('strips everything but digits for sending', () => {
    expect(digitsOf('+7 (999) 000-00-01')).toBe('79990000001');
  });

  it('masks a Russian number as (XXX) XXX-XX-XX while it is typed', () => {
    expect(maskRu('')).toBe('');
    expect(maskRu('9')).toBe('(9');
    expect(maskRu('999')).toBe('(999');
    expect(maskRu('9990')).toBe('(999) 0');
    expect(maskRu('9990000')).toBe('(999) 000-0');
    expect(maskRu('999000000')).toBe('(999) 000-00-0');
    expect(maskRu('9990000001')).toBe('(999) 000-00-01');
    expect(maskRu('99900000012345')).toBe('(999) 000-00-01');
  });

  it('needs 10 digits or more', () => {
    expect(hasMinDigits('999000000')).toBe(false);
    expect(hasMinDigits('9990000001')).toBe(true);
    expect(hasMinDigits('+7 (999) 000-00')).toBe(false);
    expect(hasMinDigits('+7 (999) 000-00-0')).toBe(true);
  });

  it('keeps a national number between 2 and 17 digits', () => {
    expect(isNationalLengthValid('1')).toBe(false);
    expect(isNationalLengthValid('12')).toBe(true);
    expect(isNationalLengthValid('1'.repeat(17))).toBe(true);
    expect(isNationalLengthValid('1'.repeat(18))).toBe(false);
  });

  it('normalises a Russian number typed with 8 or 7 in front', () => {
    expect(normaliseRuNational('89990000001')).toBe('9990000001');
    expect(normaliseRuNational('79990000001')).toBe('9990000001');
    expect(normaliseRuNational('7')).toBe('');
    expect(normaliseRuNational('8005553535')).toBe('8005553535');
    expect(normaliseRuNational('99900000019')).toBe('9990000001');
  });
});
