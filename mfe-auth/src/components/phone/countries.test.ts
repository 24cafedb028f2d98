import { countryByIso, mainCountryOf, PHONE_COUNTRIES } from './countries';

describe('phone countries', () => {
  it('lists Russia first with its Russian name and +7', () => {
    expect(PHONE_COUNTRIES[0]).toEqual({ name: 'Россия', iso2: 'RU', dialCode: '7', priority: 0, areaCodes: null });
  });

  it('orders countries sharing a dial code by priority, with area codes where they decide', () => {
    expect(countryByIso('KZ')).toMatchObject({ name: 'Казахстан', dialCode: '7', priority: 1, areaCodes: ['7'] });
    expect(countryByIso('US')?.priority).toBe(0);
    expect(countryByIso('JM')).toMatchObject({ dialCode: '1', areaCodes: ['658', '876'] });
    expect(mainCountryOf('7')).toBe('RU');
    expect(mainCountryOf('1')).toBe('US');
  });

  it('sorts the rest by Russian name and covers every supported country once', () => {
    const names = PHONE_COUNTRIES.slice(1).map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(new Set(PHONE_COUNTRIES.map((c) => c.iso2)).size).toBe(PHONE_COUNTRIES.length);
    expect(PHONE_COUNTRIES.length).toBeGreaterThan(200);
  });
});
