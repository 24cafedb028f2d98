import { http, type PartnerStatsQuery, type PartnerStatsResponse } from '@excursio/shared';

/** The call of the partner's statistics page. */
export const statisticsCalls = {
  statistics: (query: PartnerStatsQuery) => http.request<PartnerStatsResponse>('GET', '/api/excursion/partner/statistics', { query: { ...query } }),
};
