import { http } from '@excursio/shared';
import type { GuideResponse, GuidesByPlaceResponse } from '@excursio/shared';
import { PUBLIC, seg, segments } from './paths';

/** A guide's page and the guides of a place. */
export const guidesApi = {
  guide: (slug: string) => http.request<GuideResponse>('GET', `${PUBLIC}/guides/${seg(slug)}`),
  /** `slug` = `{region}` or `{region}/{city}`. */
  guidesByPlace: (slug: string) => http.request<GuidesByPlaceResponse>('GET', `${PUBLIC}/guides/regions/${segments(slug)}`),
};
