import { useEffect, useState } from 'react';
import { api, type CityCard } from '@excursio/shared';

/** The largest list the cities call gives (its `limit` maximum). */
export const DIRECTORY_LIMIT = 100;

let pending: Promise<CityCard[] | null> | null = null;

/** All cities, loaded once per page; null when the call failed (spec §8: ignored), retried on the next use. */
export function loadCityDirectory(): Promise<CityCard[] | null> {
  if (!pending) {
    pending = api
      .cities(DIRECTORY_LIMIT)
      .then((res) => res.data.data)
      .catch(() => {
        pending = null;
        return null;
      });
  }
  return pending;
}

/** Tests start from an empty cache. */
export function resetCityDirectory(): void {
  pending = null;
}

export type DirectoryState = { status: 'loading' } | { status: 'ready'; cities: CityCard[] } | { status: 'failed' };

export function useCityDirectory(): DirectoryState {
  const [state, setState] = useState<DirectoryState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    void loadCityDirectory().then((cities) => {
      if (alive) setState(cities ? { status: 'ready', cities } : { status: 'failed' });
    });
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

/** 'moskovskaya-oblast' → 'Moskovskaya oblast': the heading of a page whose name the api does not give yet. */
export function humanizeSlug(slug: string): string {
  const text = slug.replace(/-+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function regionName(state: DirectoryState, regionSlug: string): string {
  const found = state.status === 'ready' ? state.cities.find((c) => c.region_slug === regionSlug) : undefined;
  return found?.region_name ?? humanizeSlug(regionSlug);
}

export function cityName(state: DirectoryState, regionSlug: string, citySlug: string): string {
  const found =
    state.status === 'ready'
      ? state.cities.find((c) => c.region_slug === regionSlug && c.slug === citySlug)
      : undefined;
  return found?.name ?? humanizeSlug(citySlug);
}

export const EXCURSION_FORMS = ['экскурсия', 'экскурсии', 'экскурсий'] as const;
