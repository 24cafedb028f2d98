import type { HttpClient } from '../api/httpClient';
import type { CommissionResponse, FavoriteIdsResponse, ProfileResponse } from '../contracts/index';

/**
 * The calls the session store makes: the only api calls in the shared singleton. A call used by one remote is
 * written in that remote, on the shared `http` (scripts/checks/imports.test.mjs keeps it so).
 */
export function createSessionApi(http: HttpClient) {
  return {
    profile: () => http.request<ProfileResponse>('GET', '/api/excursion/partner/profile'),
    favorites: () => http.request<FavoriteIdsResponse>('GET', '/api/excursion/user/favorite/appended'),
    addFavorite: (excursionId: number) =>
      http.request<FavoriteIdsResponse>('POST', '/api/excursion/user/favorite', { body: { excursion_id: excursionId } }),
    removeFavorite: (excursionId: number) =>
      http.request<FavoriteIdsResponse>('DELETE', `/api/excursion/user/favorite/${excursionId}`),
    commission: () => http.request<CommissionResponse>('GET', '/api/excursion/data/commission'),
    signOut: () => http.request<{ status: boolean }>('POST', '/api/sso/logout'),
  };
}

export type SessionApi = ReturnType<typeof createSessionApi>;
