import { apiUrl, http, session, type StaffAuditListResponse, type StaffAuditQuery } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const A = `${STAFF_API}/audit`;

function searchOf(query: StaffAuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '' && key !== 'page') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const auditCalls = {
  entries: (query: StaffAuditQuery) => http.request<StaffAuditListResponse>('GET', A, { query: { ...query } }),
  /** The CSV of the same filters (the api needs the bearer token, so it is fetched and handed over as a file). */
  async csv(query: StaffAuditQuery, fetchImpl: typeof fetch = fetch): Promise<Blob> {
    const res = await fetchImpl(apiUrl(`${A}.csv${searchOf(query)}`), {
      headers: { Accept: 'text/csv', Authorization: `Bearer ${session.token ?? ''}` },
    });
    if (!res.ok) throw new Error(`audit.csv: HTTP ${res.status}`);
    return res.blob();
  },
};
