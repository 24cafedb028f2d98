import { http, type ModerationDetailResponse, type ModerationKindPath, type StaffModerationQueueResponse, type StatusResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const M = `${STAFF_API}/moderation`;

export const moderationCalls = {
  queue: (kind?: 'excursion' | 'change') => http.request<StaffModerationQueueResponse>('GET', M, { query: { kind } }),
  item: (kind: ModerationKindPath, id: number) => http.request<ModerationDetailResponse>('GET', `${M}/${kind}/${id}`),
  claim: (kind: ModerationKindPath, id: number) => http.request<ModerationDetailResponse>('POST', `${M}/${kind}/${id}/claim`),
  release: (kind: ModerationKindPath, id: number) => http.request<ModerationDetailResponse>('POST', `${M}/${kind}/${id}/release`),
  approve: (kind: ModerationKindPath, id: number, comment?: string) =>
    http.request<StatusResponse>('POST', `${M}/${kind}/${id}/approve`, { body: comment ? { comment } : {} }),
  reject: (kind: ModerationKindPath, id: number, comment: string, templateId?: number) =>
    http.request<StatusResponse>('POST', `${M}/${kind}/${id}/reject`, { body: templateId ? { comment, template_id: templateId } : { comment } }),
};

/** The path segment of an item's kind. */
export const kindPath = (kind: 'excursion' | 'change'): ModerationKindPath => (kind === 'excursion' ? 'excursions' : 'changes');
