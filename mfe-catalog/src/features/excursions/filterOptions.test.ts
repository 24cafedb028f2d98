import { geoApi } from '../../api/geo';
import { countryOptions, forgetFilterOptions } from './filterOptions';

const russia = { id: 1, slug: 'rossiya', name: 'Россия', photo_url: '/c.svg', excursions_count: 40 };

beforeEach(forgetFilterOptions);
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('filter options', () => {
  it('asks for the countries once in ten minutes, then again', async () => {
    jest.useFakeTimers({ now: 0 });
    const call = jest.spyOn(geoApi, 'countries').mockResolvedValue({ status: true, data: [russia] });
    await expect(countryOptions()).resolves.toEqual([russia]);
    jest.setSystemTime(9 * 60_000);
    await countryOptions();
    expect(call).toHaveBeenCalledTimes(1);
    jest.setSystemTime(11 * 60_000);
    await countryOptions();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('offers none when the call fails, and asks again next time', async () => {
    const call = jest.spyOn(geoApi, 'countries').mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ status: true, data: [russia] });
    await expect(countryOptions()).resolves.toEqual([]);
    await expect(countryOptions()).resolves.toEqual([russia]);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
