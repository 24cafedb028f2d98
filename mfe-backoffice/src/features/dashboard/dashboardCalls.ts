import { http, type DashboardResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

export const dashboardCalls = {
  dashboard: () => http.request<DashboardResponse>('GET', `${STAFF_API}/dashboard`),
};
