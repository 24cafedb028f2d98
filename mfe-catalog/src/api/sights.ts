import { http } from '@excursio/shared';
import type { SightResponse } from '@excursio/shared';
import { PUBLIC, segments } from './paths';

/** Sights: a sight's page (the most visited ones come with the index page: features/home). */
export const sightsApi = {
  /** `slug` may span several segments (`a/b`). */
  sight: (slug: string) => http.request<SightResponse>('GET', `${PUBLIC}/sight/${segments(slug)}`),
};
