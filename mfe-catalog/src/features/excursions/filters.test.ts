import { activeFilterCount, changeSearch, durationValue, queryFromSearch } from './filters';

describe('catalog filters in the address', () => {
  it('reads every filter, the sort and the page', () => {
    const query = queryFromSearch(
      new URLSearchParams(
        'country=rossiya&region=moskva&city=moskva&tag=nochnye&date=2026-05-01&price_min=1000&price_max=5000&duration_min=120&duration_max=240&language=en&format=group&rating_min=4.5&q=%20кремль%20&sort=price_asc&page=3',
      ),
    );
    expect(query).toEqual({
      per_page: 24,
      country: 'rossiya',
      region: 'moskva',
      city: 'moskva',
      tag: 'nochnye',
      date: '2026-05-01',
      price_min: 1000,
      price_max: 5000,
      duration_min: 120,
      duration_max: 240,
      language: 'en',
      format: 'group',
      rating_min: 4.5,
      q: 'кремль',
      sort: 'price_asc',
      page: 3,
    });
    expect(activeFilterCount(query)).toBe(10);
    expect(durationValue(query)).toBe('120-240');
  });

  it('leaves malformed values out instead of sending them', () => {
    const query = queryFromSearch(
      new URLSearchParams('country=Росс&date=01.05.2026&price_min=-5&price_max=abc&format=bus&rating_min=9&sort=cheap&page=0&language=EN'),
    );
    expect(query).toEqual({ per_page: 24 });
    expect(activeFilterCount(query)).toBe(0);
  });

  it('changes parameters, drops empty ones and goes back to the first page', () => {
    const next = changeSearch(new URLSearchParams('city=moskva&page=4&sort=rating'), { city: '', tag: 'nochnye' });
    expect(next.toString()).toBe('sort=rating&tag=nochnye');
    expect(changeSearch(new URLSearchParams('page=2'), { page: 3 }).toString()).toBe('page=3');
  });
});
