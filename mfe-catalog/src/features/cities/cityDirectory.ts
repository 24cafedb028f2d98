import { useEffect, useState } from 'react';
import type { CityCard } from '@excursio/shared';
import { geoApi } from '../../api/geo';

/** The largest list the cities call gives (its `limit` maximum). */
export const DIRECTORY_LIMIT = 100;

let pending: Promise<CityCard[] | null> | null = null;

/** All cities, loaded once per page; null when the call failed (spec §8: ignored), retried on the next use. */
export function loadCityDirectory(): Promise<CityCard[] | null> {
  if (!pending) {
    pending = geoApi
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
