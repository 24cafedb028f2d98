import { http, type ReleaseChangeResponse, type ReleasePreviewLinkResponse, type StaffReleasesResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const R = `${STAFF_API}/releases`;

/** The release registry as admins see it (issue 28): every released app, rollback, promote, preview links. */
export const releaseCalls = {
  list: (env: string) => http.request<StaffReleasesResponse>('GET', R, { query: { env } }),
  rollback: (app: string, env: string, body: { release_id?: number; reason?: string } = {}) =>
    http.request<ReleaseChangeResponse>('POST', `${R}/${app}/rollback`, { body: { env, ...body } }),
  promote: (app: string, env: string) => http.request<ReleaseChangeResponse>('POST', `${R}/${app}/promote`, { body: { env } }),
  preview: (app: string, releaseId: number) => http.request<ReleasePreviewLinkResponse>('POST', `${R}/${app}/preview`, { body: { release_id: releaseId } }),
};
