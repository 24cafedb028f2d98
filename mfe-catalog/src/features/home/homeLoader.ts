import { http, type HomeData, type HomeResponse } from '@excursio/shared';
import { PUBLIC } from '../../api/paths';

export type { HomeData };

/** The index page's one call: every block at once (the api answers a failed block as an empty list). */
export const homeCalls = {
  home: () => http.request<HomeResponse>('GET', `${PUBLIC}/home`),
};

const NOTHING: HomeData = { cities: [], excursions: [], sights: [], reviews: [], posts: [] };

/**
 * `/`: the blocks are loaded together with the page (in the server's HTML too) in one call; an empty list hides its
 * block, and a failed call hides them all without a word (spec §8): the hero and the search still work.
 */
export async function homeLoader(): Promise<HomeData> {
  try {
    return (await homeCalls.home()).data;
  } catch {
    return NOTHING;
  }
}
