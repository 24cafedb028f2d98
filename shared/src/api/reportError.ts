import type { MonitoringReport } from '../contracts/index';
import type { HttpClient } from './httpClient';

/** Sends a report to the monitoring sink (422 answers, a remote built against a newer shared package). */
export function createErrorReporter(http: HttpClient) {
  return (report: MonitoringReport) => http.request<{ status: boolean }>('POST', '/api/monitoring/report', { body: report });
}
