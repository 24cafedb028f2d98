import { contactPhoneDigits } from './contactPhone';

describe('contactPhoneDigits', () => {
  it('accepts numbers as people type them and gives international digits', () => {
    expect(contactPhoneDigits('+7 (999) 123-45-67')).toBe('79991234567');
    expect(contactPhoneDigits('79991234567')).toBe('79991234567');
    expect(contactPhoneDigits('8 999 123 45 67')).toBe('79991234567');
    expect(contactPhoneDigits('+49 170 1234567')).toBe('491701234567');
  });

  it('rejects letters, short and impossible numbers', () => {
    for (const bad of ['', 'abc', '12345', '+7 999 12', '+7 999 abc', '+7 (000) 000-00-00', '79991234567x', '+1 (555) 0000000000000']) {
      expect(contactPhoneDigits(bad)).toBeNull();
    }
  });
});
