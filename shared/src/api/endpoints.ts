import type { CitiesResponse, CommissionResponse } from '../contracts/catalog';
import type { FavoriteIdsResponse } from '../contracts/favorites';
import type { MonitoringReport } from '../contracts/monitoring';
import type { ProfileResponse } from '../contracts/profile';
import type { AuthCheckResponse, SignInRequestResponse } from '../contracts/sso';
import type { HttpClient } from './httpClient';


/** One typed function per endpoint of spec §7 (later features add theirs beside these). */
export function createApi(http: HttpClient) {
  return {
    http,
    profile: () => http.request<ProfileResponse>('GET', '/api/excursion/partner/profile'),
    favorites: () => http.request<FavoriteIdsResponse>('GET', '/api/excursion/user/favorite/appended'),
    addFavorite: (excursionId: number) =>
      http.request<FavoriteIdsResponse>('POST', '/api/excursion/user/favorite', { body: { excursion_id: excursionId } }),
    removeFavorite: (excursionId: number) =>
      http.request<FavoriteIdsResponse>('DELETE', `/api/excursion/user/favorite/${excursionId}`),
    cities: (limit = 10) =>
      http.request<CitiesResponse>('GET', '/api/excursion/public/excursion/cities', { query: { limit } }),
    commission: () => http.request<CommissionResponse>('GET', '/api/excursion/data/commission'),
    reportError: (report: MonitoringReport) =>
      http.request<{ status: boolean }>('POST', '/api/monitoring/report', { body: report }),
    signOut: () => http.request<{ status: boolean }>('POST', '/api/sso/logout'),
    /** Start a phone sign-in; `phone` is digits only (e.g. 79990000001). */
    requestSignIn: (phone: string) =>
      http.request<SignInRequestResponse>('POST', '/api/sso/auth/request', { body: { phone } }),
    checkSignIn: (authReqId: string) =>
      http.request<AuthCheckResponse>('POST', '/api/sso/auth/check', { body: { auth_req_id: authReqId } }),
    verifySignInCode: (authReqId: string, code: string) =>
      http.request<AuthCheckResponse>('POST', '/api/sso/auth/verify', { body: { auth_req_id: authReqId, code } }),
  };
}

export type Api = ReturnType<typeof createApi>;
