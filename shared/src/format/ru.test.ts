import { formatDate, formatPrice, pluralRu } from './ru';

describe('Russian formatting', () => {
  it('formats roubles without kopecks', () => {
    expect(formatPrice(12500).replace(/\s/g, ' ')).toBe('12 500 ₽');
  });
  it('picks plural forms', () => {
    const forms = ['экскурсия', 'экскурсии', 'экскурсий'] as const;
    expect(pluralRu(1, forms)).toBe('1 экскурсия');
    expect(pluralRu(3, forms)).toBe('3 экскурсии');
    expect(pluralRu(11, forms)).toBe('11 экскурсий');
    expect(pluralRu(21, forms, false)).toBe('экскурсия');
  });
  it('formats dates in Russian', () => {
    expect(formatDate('2026-11-21T10:00:00Z', { day: 'numeric', month: 'long', timeZone: 'UTC' })).toBe('21 ноября');
  });
});
