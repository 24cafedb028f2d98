import { http, type StaffSynonymGroupBody, type StaffSynonymGroupListResponse, type StaffSynonymGroupResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const S = `${STAFF_API}/search/synonyms`;

export const synonymCalls = {
  list: () => http.request<StaffSynonymGroupListResponse>('GET', S),
  create: (body: StaffSynonymGroupBody) => http.request<StaffSynonymGroupResponse>('POST', S, { body }),
  update: (id: number, body: StaffSynonymGroupBody) => http.request<StaffSynonymGroupResponse>('PUT', `${S}/${id}`, { body }),
  remove: (id: number) => http.request<null>('DELETE', `${S}/${id}`),
};
