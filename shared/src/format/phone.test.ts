import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('formats a Russian number', () => {
    expect(formatPhone('79990000001')).toBe('+7 (999) 000-00-01');
    expect(formatPhone('+7 999 000 00 02')).toBe('+7 (999) 000-00-02');
  });

  it('shows other numbers with a plus', () => {
    expect(formatPhone('375291234567')).toBe('+375291234567');
    expect(formatPhone('')).toBe('');
  });
});
