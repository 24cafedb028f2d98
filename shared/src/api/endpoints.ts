import type { CitiesResponse, CommissionResponse } from '../contracts/catalog';
import type { FavoriteIdsResponse } from '../contracts/favorites';
import type { MonitoringReport } from '../contracts/monitoring';
import type { ProfileResponse } from '../contracts/profile';
import type { AuthCheckResponse, SignInRequestResponse } from '../contracts/sso';
import type {
  BlogListResponse,
  BlogPostResponse,
  DocumentResponse,
  ExcursionDetailResponse,
  ExcursionEventsResponse,
  GuideResponse,
  GuidesByPlaceResponse,
  PlaceReviewsResponse,
  ReviewCardsResponse,
  ReviewListResponse,
  SightResponse,
  SuggestResponse,
} from '../contracts/catalog-pages';
import type {
  CityPageResponse,
  CountriesResponse,
  CountryResponse,
  ExcursionCardsResponse,
  ExcursionListQuery,
  ExcursionListResponse,
  RegionResponse,
  SightCardsResponse,
} from '../contracts/excursions';
import type {
  OrderCreateBody,
  OrderListResponse,
  OrderResponse,
  OrderStateResponse,
  PaymentStartResponse,
  TicketQrResponse,
} from '../contracts/orders';
import type { HttpClient } from './httpClient';

const PUBLIC = '/api/excursion/public';
const USER = '/api/excursion/user';
const PARTNER = '/api/excursion/partner';
/** Encodes each segment of a multi-segment slug (`a/b` stays a path). */
const segments = (slug: string) => slug.split('/').filter(Boolean).map(encodeURIComponent).join('/');
const seg = encodeURIComponent;


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

    // ---- catalog (public) ----
    countries: () => http.request<CountriesResponse>('GET', `${PUBLIC}/countries`),
    country: (countrySlug: string) => http.request<CountryResponse>('GET', `${PUBLIC}/countries/${seg(countrySlug)}`),
    region: (regionSlug: string) => http.request<RegionResponse>('GET', `${PUBLIC}/regions/${seg(regionSlug)}`),
    /** The city page; with `tagSlug` the tag page (unknown tag → 404). */
    city: (regionSlug: string, citySlug: string, tagSlug?: string) =>
      http.request<CityPageResponse>('GET', `${PUBLIC}/cities/${seg(regionSlug)}/${seg(citySlug)}`, {
        query: { tag: tagSlug },
      }),
    excursions: (query: ExcursionListQuery = {}, signal?: AbortSignal) =>
      http.request<ExcursionListResponse>('GET', `${PUBLIC}/excursions`, { query, signal }),
    popularExcursions: (limit = 8) =>
      http.request<ExcursionCardsResponse>('GET', `${PUBLIC}/excursions/popular`, { query: { limit } }),
    excursion: (regionSlug: string, citySlug: string, excursionSlug: string) =>
      http.request<ExcursionDetailResponse>(
        'GET',
        `${PUBLIC}/excursion/${seg(regionSlug)}/${seg(citySlug)}/${seg(excursionSlug)}`,
      ),
    excursionEvents: (excursionId: number) =>
      http.request<ExcursionEventsResponse>('GET', `${PUBLIC}/excursions/${excursionId}/events`),
    excursionReviews: (excursionId: number, page = 1, perPage = 10) =>
      http.request<ReviewListResponse>('GET', `${PUBLIC}/excursions/${excursionId}/reviews`, {
        query: { page, per_page: perPage },
      }),
    popularSights: (limit = 8) => http.request<SightCardsResponse>('GET', `${PUBLIC}/sights/popular`, { query: { limit } }),
    /** `slug` may span several segments (`a/b`). */
    sight: (slug: string) => http.request<SightResponse>('GET', `${PUBLIC}/sight/${segments(slug)}`),
    guide: (slug: string) => http.request<GuideResponse>('GET', `${PUBLIC}/guides/${seg(slug)}`),
    /** `slug` = `{region}` or `{region}/{city}`. */
    guidesByPlace: (slug: string) =>
      http.request<GuidesByPlaceResponse>('GET', `${PUBLIC}/guides/regions/${segments(slug)}`),
    freshReviews: (limit = 6) => http.request<ReviewCardsResponse>('GET', `${PUBLIC}/reviews/fresh`, { query: { limit } }),
    /** `slug` = `{region}`, `{region}/{city}` or `{region}/{city}/{excursion}`. */
    placeReviews: (slug: string, page = 1, perPage = 10) =>
      http.request<PlaceReviewsResponse>('GET', `${PUBLIC}/reviews/${segments(slug)}`, {
        query: { page, per_page: perPage },
      }),
    suggest: (q: string, signal?: AbortSignal) =>
      http.request<SuggestResponse>('GET', `${PUBLIC}/search/suggest`, { query: { q }, signal }),
    blog: (page = 1, perPage = 12) =>
      http.request<BlogListResponse>('GET', `${PUBLIC}/blog`, { query: { page, per_page: perPage } }),
    blogPost: (slug: string) => http.request<BlogPostResponse>('GET', `${PUBLIC}/blog/${seg(slug)}`),
    document: (slug: string) => http.request<DocumentResponse>('GET', `${PUBLIC}/documents/${seg(slug)}`),

    // ---- customer ----
    favoriteExcursions: () => http.request<ExcursionCardsResponse>('GET', `${USER}/favorite`),
    createOrder: (body: OrderCreateBody) => http.request<OrderResponse>('POST', `${USER}/order`, { body }),
    orders: (page = 1, perPage = 20) =>
      http.request<OrderListResponse>('GET', `${USER}/order`, { query: { page, per_page: perPage } }),
    order: (orderId: number) => http.request<OrderResponse>('GET', `${USER}/order/${orderId}`),
    cancelOrder: (orderId: number) => http.request<OrderResponse>('POST', `${USER}/order/${orderId}/cancel`),
    /** Starts paying the prepayment: send the visitor to `data.confirmation_url`. */
    payOrder: (orderId: number) => http.request<PaymentStartResponse>('POST', `${USER}/order/${orderId}/pay`),
    ticketQr: (code: string) => http.request<TicketQrResponse>('GET', `${USER}/ticket/${seg(code)}/qr`),

    // ---- partner: order decisions ----
    confirmOrder: (orderId: number) => http.request<OrderStateResponse>('POST', `${PARTNER}/order/${orderId}/confirm`),
    declineOrder: (orderId: number) => http.request<OrderStateResponse>('POST', `${PARTNER}/order/${orderId}/decline`),
    partnerCancelOrder: (orderId: number) =>
      http.request<OrderStateResponse>('POST', `${PARTNER}/order/${orderId}/cancel`),
  };
}

export type Api = ReturnType<typeof createApi>;
