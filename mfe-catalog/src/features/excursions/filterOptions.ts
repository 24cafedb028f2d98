import type { CityCard, CountryCard } from '@excursio/shared';
import { geoApi } from '../../api/geo';

/** Lists that change rarely (countries, cities) are kept for the visit's minutes, not asked on every filter change. */
const REFERENCE_MS = 10 * 60_000;

/** `load` asked at most once per `ms`; a failure is forgotten, so the next use asks again. */
function keptFor<T>(ms: number, load: () => Promise<T>) {
  let kept: { at: number; promise: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      if (kept && Date.now() - kept.at < ms) return kept.promise;
      const promise = load();
      const entry = { at: Date.now(), promise };
      kept = entry;
      promise.catch(() => {
        if (kept === entry) kept = null;
      });
      return promise;
    },
    forget(): void {
      kept = null;
    },
  };
}

const countries = keptFor(REFERENCE_MS, () => geoApi.countries().then((res) => res.data));
/** The cities call at its largest limit. */
const cities = keptFor(REFERENCE_MS, () => geoApi.cities(100).then((res) => res.data.data));

/** Countries for the filters; an empty list when the call fails (the filter then offers none). */
export function countryOptions(): Promise<CountryCard[]> {
  return countries.get().catch(() => []);
}

/** Cities for the filters; an empty list when the call fails. */
export function cityOptions(): Promise<CityCard[]> {
  return cities.get().catch(() => []);
}

/** Tests start from empty lists. */
export function forgetFilterOptions(): void {
  countries.forget();
  cities.forget();
}
