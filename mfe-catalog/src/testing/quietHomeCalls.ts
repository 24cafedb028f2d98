import { contentApi } from '../api/content';
import { excursionsApi } from '../api/excursions';
import { geoApi } from '../api/geo';
import { reviewsApi } from '../api/reviews';
import { sightsApi } from '../api/sights';
import { page } from './fixtures';

/** The home page's secondary calls answer empty unless a test says otherwise (no real network in tests). */
export function quietHomeCalls(): void {
  jest.spyOn(geoApi, 'cities').mockResolvedValue({ status: true, data: { data: [] } });
  jest.spyOn(excursionsApi, 'popularExcursions').mockResolvedValue({ status: true, data: [] });
  jest.spyOn(sightsApi, 'popularSights').mockResolvedValue({ status: true, data: [] });
  jest.spyOn(reviewsApi, 'freshReviews').mockResolvedValue({ status: true, data: [] });
  jest.spyOn(contentApi, 'blog').mockResolvedValue({ status: true, data: page([]) });
}
