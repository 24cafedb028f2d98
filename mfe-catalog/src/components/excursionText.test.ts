import { formatDuration, formatPriceFor, languageName, languagesText } from './excursionText';

describe('excursion texts', () => {
  it.each([
    [45, '45 минут'],
    [60, '1 час'],
    [120, '2 часа'],
    [90, '1,5 часа'],
    [150, '2,5 часа'],
    [300, '5 часов'],
    [200, '3 ч 20 мин'],
    [2880, '2 дня'],
  ])('%i minutes read «%s»', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it('names prices and languages in Russian', () => {
    expect(formatPriceFor(2500, 'per_person').replace(/\s/g, ' ')).toBe('2 500 ₽ за человека');
    expect(formatPriceFor(9000, 'per_group').replace(/\s/g, ' ')).toBe('9 000 ₽ за группу');
    expect(languageName('en')).toBe('английский');
    expect(languagesText(['ru', 'en'])).toBe('русский, английский');
  });
});
