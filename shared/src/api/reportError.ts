import type { MonitoringReport } from '../contracts/index';
import type { HttpClient } from './httpClient';

export const MONITORING_REPORT_PATH = '/api/monitoring/report';

/** Sends a report to the monitoring sink (422 answers, a remote built against a newer shared package). */
export function createErrorReporter(http: HttpClient) {
  return (report: MonitoringReport) => http.request<{ status: boolean }>('POST', MONITORING_REPORT_PATH, { body: report });
}
