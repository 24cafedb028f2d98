import type { BlogPostCard, CityCard, ExcursionCard, ReviewCard, SightCard } from '@excursio/shared';
import { contentApi } from '../../api/content';
import { excursionsApi } from '../../api/excursions';
import { geoApi } from '../../api/geo';
import { reviewsApi } from '../../api/reviews';
import { sightsApi } from '../../api/sights';

/** Spec §9: the index shows at most 10 cities. */
export const POPULAR_CITIES_LIMIT = 10;

/** Each block's items; an empty list hides the block (a failed call too, without a word: spec §8). */
export interface HomeData {
  cities: CityCard[];
  excursions: ExcursionCard[];
  sights: SightCard[];
  reviews: ReviewCard[];
  posts: BlogPostCard[];
}

const orNone = <T>(call: Promise<T[]>): Promise<T[]> => call.catch(() => []);

/** `/`: the blocks are loaded together with the page (in the server's HTML too), in parallel. */
export async function homeLoader(): Promise<HomeData> {
  const [cities, excursions, sights, reviews, posts] = await Promise.all([
    orNone(geoApi.cities(POPULAR_CITIES_LIMIT).then((res) => res.data.data)),
    orNone(excursionsApi.popularExcursions(8).then((res) => res.data)),
    orNone(sightsApi.popularSights(8).then((res) => res.data)),
    orNone(reviewsApi.freshReviews(6).then((res) => res.data)),
    orNone(contentApi.blog(1, 3).then((res) => res.data.data)),
  ]);
  return { cities, excursions, sights, reviews, posts };
}
