import { api } from '@excursio/shared';
import { page } from './fixtures';

/** The home page's secondary calls answer empty unless a test says otherwise (no real network in tests). */
export function quietHomeCalls(): void {
  jest.spyOn(api, 'cities').mockResolvedValue({ status: true, data: { data: [] } });
  jest.spyOn(api, 'popularExcursions').mockResolvedValue({ status: true, data: [] });
  jest.spyOn(api, 'popularSights').mockResolvedValue({ status: true, data: [] });
  jest.spyOn(api, 'freshReviews').mockResolvedValue({ status: true, data: [] });
  jest.spyOn(api, 'blog').mockResolvedValue({ status: true, data: page([]) });
}
