import type { MonitoringReport } from '@excursio/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { redactUrlsInText } from '../../http/redact';
import type { AuthUser } from '../auth/tokens';

const FORWARD_TIMEOUT_MS = 5000;

/** One line of user-supplied text: no control characters (no fake extra lines in the chat), bounded length. */
function clean(value: string | null | undefined, max = 500): string {
  if (value === null || value === undefined) return '—';
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  if (!flat) return '—';
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The readable message for the monitoring chat (plain text, no markup). */
export function formatReport(report: MonitoringReport, verifiedUser: AuthUser | null, at: Date): string {
  const status = report.status ?? 422;
  const reported = `#${report.user_id ?? '—'} ${clean(report.name, 200)}, ${clean(report.phone, 32)}`;
  const who = verifiedUser
    ? `#${verifiedUser.id} ${clean(verifiedUser.name, 200)}, ${verifiedUser.phone} (по токену)`
    : report.user_id === null && report.name === null && report.phone === null
      ? 'гость'
      : `${reported} (со слов клиента)`;
  return [
    `⚠️ Excursio: ошибка ${status}`,
    `Страница: ${clean(redactUrlsInText(report.page ?? ''), 1000)}`,
    `Запрос: ${clean(redactUrlsInText(report.request ?? ''), 1000)}`,
    `Пользователь: ${who}`,
    `Сообщение: ${clean(report.message, 2000)}`,
    `Время: ${at.toISOString()}`,
  ].join('\n');
}

/**
 * Sends the text to the monitoring webhook as JSON `{ text }`, or logs it when no webhook is configured.
 * The webhook address (which may carry a bot token) is never logged nor returned.
 */
export async function deliverReport(
  text: string,
  webhookUrl: string | null,
  log: FastifyBaseLogger,
): Promise<'forwarded' | 'logged' | 'failed'> {
  if (!webhookUrl) {
    log.warn({ monitoring: text }, 'frontend error report (MONITORING_WEBHOOK_URL is not set)');
    return 'logged';
  }
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (response.ok) return 'forwarded';
    log.error({ status: response.status, monitoring: text }, 'monitoring webhook refused the report');
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown';
    log.error({ reason, monitoring: text }, 'monitoring webhook unreachable');
  }
  return 'failed';
}
