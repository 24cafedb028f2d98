import { http, type ExcursionCardsResponse } from '@excursio/shared';

/** The call of the favorites page: the saved excursions as cards (adding and removing are the session's). */
export const favoriteCalls = {
  favoriteExcursions: () => http.request<ExcursionCardsResponse>('GET', '/api/excursion/user/favorite'),
};
