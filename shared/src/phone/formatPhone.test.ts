import { formatPhone } from './formatPhone';

describe('formatPhone', () => {
  it('formats a Russian number', () => {
    expect(formatPhone('79990000001')).toBe('+7 (999) 000-00-01');
    expect(formatPhone('+7 999 000 00 02')).toBe('+7 (999) 000-00-02');
  });

  it('shows other countries in their international format', () => {
    expect(formatPhone('375291234567')).toBe('+375 29 123 45 67');
    expect(formatPhone('995555123456')).toBe('+995 555 12 34 56');
  });

  it('keeps what it cannot read as a plus and digits', () => {
    expect(formatPhone('12')).toBe('+12');
    expect(formatPhone('')).toBe('');
  });
});
