import { warmLocaleData } from './warmLocale';

describe('warmLocaleData', () => {
  it('builds the locale’s formatters once, in the caller’s task', () => {
    const numberFormat = jest.spyOn(Intl, 'NumberFormat');
    const pluralRules = jest.spyOn(Intl, 'PluralRules');
    warmLocaleData();
    expect(numberFormat).toHaveBeenCalledWith('ru-RU');
    expect(pluralRules).toHaveBeenCalledWith('ru-RU');
    numberFormat.mockRestore();
    pluralRules.mockRestore();
  });

  it('never stops the start-up: a locale Intl refuses is left to the formatters that use it', () => {
    expect(() => warmLocaleData('not a locale!')).not.toThrow();
  });
});
