import {
  http,
  type CalendarQuery,
  type CalendarGroupResponse,
  type CalendarResponse,
  type GroupRuleBody,
  type ClosingBody,
  type ClosingPreviewResponse,
  type OneOffSlotBody,
  type ScheduleRuleBody,
  type SchedulesResponse,
  type SlotsPatchBody,
} from '@excursio/shared';

const C = '/api/excursion/partner/calendar';

/** The calls of the partner's calendar page. */
export const calendarCalls = {
  calendar: (query: CalendarQuery) => http.request<CalendarResponse>('GET', C, { query: { ...query } }),
  schedules: (excursionId: number) => http.request<SchedulesResponse>('GET', `${C}/schedules`, { query: { excursion_id: excursionId } }),
  addRule: (body: ScheduleRuleBody) => http.request<SchedulesResponse>('POST', `${C}/schedules`, { body }),
  deleteRule: (id: number) => http.request<SchedulesResponse>('DELETE', `${C}/schedules/${id}`),
  addSlot: (body: OneOffSlotBody) => http.request<unknown>('POST', `${C}/slots`, { body }),
  cancelSlot: (id: number, reason: string) => http.request<unknown>('POST', `${C}/slots/${id}/cancel`, { body: { reason } }),
  setGroup: (body: GroupRuleBody) => http.request<CalendarGroupResponse>('PUT', `${C}/group`, { body }),
  patchSlots: (body: SlotsPatchBody) => http.request<unknown>('PATCH', `${C}/slots`, { body }),
  closingPreview: (excursionId: number, from: string, to: string) =>
    http.request<ClosingPreviewResponse>('GET', `${C}/closing`, { query: { excursion_id: excursionId, date_from: from, date_to: to } }),
  close: (body: ClosingBody) => http.request<SchedulesResponse>('POST', `${C}/closing`, { body }),
  reopen: (id: number) => http.request<SchedulesResponse>('DELETE', `${C}/closing/${id}`),
};
