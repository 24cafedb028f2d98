import type { YookassaConfig } from '../../../provider-config';
import { ProviderUnavailableError, type PaymentProvider, type ProviderPaymentStatus } from '../provider';
import { money, prepaymentReceipt, refundReceipt } from './receipt';

/**
 * ЮKassa (API v3) over fetch: a small typed client instead of `@a2seven/yoo-checkout`, which hard-codes the
 * production endpoint (tests could not point it at a local server speaking the same API), brings axios for four
 * calls and takes no per-call timeout or AbortSignal (an outbox attempt must end when its time is up).
 */

/** A payment as ЮKassa answers it (the fields we read). */
export interface YookassaPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  metadata?: Record<string, string> | null;
  confirmation?: { type: string; confirmation_url?: string };
  cancellation_details?: { party: string; reason: string };
}

export interface YookassaRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
}

/** ЮKassa refused the request for good (4xx but 429): retrying the same request cannot change the answer. */
export class YookassaRefusedError extends Error {
  override readonly name = 'YookassaRefusedError';
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(`ЮKassa ${status} ${code}: ${description}`);
  }
}

/** `timeoutMs`: how long one call may take when the caller gives no signal of its own (OUTBOX_TIMEOUT_MS). */
export function createYookassaClient(config: YookassaConfig, timeoutMs: number) {
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;

  async function request<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; key?: string; signal?: AbortSignal } = {}): Promise<T> {
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.key) headers['Idempotence-Key'] = options.key;
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: options.signal ?? AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // a timeout or a refused connection: the outcome is unknown, the same request (same key) settles it
      throw new ProviderUnavailableError(`ЮKassa ${method} ${path}: ${error instanceof Error ? error.name : 'network error'}`);
    }
    const text = await response.text().catch(() => '');
    // 202: an idempotent request still being processed (retry_after); 429 and 5xx: try again later
    if (response.status === 202 || response.status === 429 || response.status >= 500) {
      throw new ProviderUnavailableError(`ЮKassa ${method} ${path}: HTTP ${response.status}`);
    }
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new ProviderUnavailableError(`ЮKassa ${method} ${path}: HTTP ${response.status} without JSON`);
    }
    if (!response.ok) {
      throw new YookassaRefusedError(response.status, String(body.code ?? 'error'), String(body.description ?? '').slice(0, 300));
    }
    return body as T;
  }

  return {
    createPayment: (body: unknown, key: string, signal?: AbortSignal) => request<YookassaPayment>('POST', '/payments', { body, key, signal }),
    getPayment: (id: string, signal?: AbortSignal) => request<YookassaPayment>('GET', `/payments/${encodeURIComponent(id)}`, { signal }),
    createRefund: (body: unknown, key: string, signal?: AbortSignal) => request<YookassaRefund>('POST', '/refunds', { body, key, signal }),
  };
}

/** ЮKassa's payment status as ours: waiting_for_capture does not occur with capture: true, and is still pending. */
function statusOf(payment: YookassaPayment): ProviderPaymentStatus {
  if (payment.status === 'succeeded') return 'succeeded';
  if (payment.status === 'canceled') return 'failed';
  return 'pending';
}

/** "585.00" → 585 (whole roubles; a fractional amount is not one of ours and never matches). */
const roubles = (value: string) => {
  const amount = Number(value);
  return Number.isInteger(amount) ? amount : Number.NaN;
};

export function createYookassaProvider(config: YookassaConfig, timeoutMs: number): PaymentProvider {
  const client = createYookassaClient(config, timeoutMs);
  return {
    name: 'yookassa',
    async start(payment, signal) {
      const body = {
        amount: { value: money(payment.amount * 100), currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: payment.returnUrl },
        description: payment.description.length > 128 ? `${payment.description.slice(0, 127)}…` : payment.description,
        metadata: { order_id: String(payment.orderId), payment_id: String(payment.id) },
        ...(payment.receipt ? { receipt: prepaymentReceipt(payment.receipt, payment.amount, config.vatCode) } : {}),
      };
      const created = await client.createPayment(body, payment.idempotenceKey, signal);
      const url = created.confirmation?.confirmation_url;
      if (!url) throw new ProviderUnavailableError('ЮKassa answered a payment without a confirmation_url');
      return { externalId: created.id, confirmationUrl: url };
    },
    async read(externalId, signal) {
      const payment = await client.getPayment(externalId, signal);
      const orderId = Number(payment.metadata?.order_id);
      return {
        status: statusOf(payment),
        amount: payment.amount.currency === 'RUB' ? roubles(payment.amount.value) : Number.NaN,
        orderId: Number.isInteger(orderId) ? orderId : null,
      };
    },
    async refund(refund, signal) {
      const body = {
        payment_id: refund.externalId,
        amount: { value: money(refund.amount * 100), currency: 'RUB' },
        description: `Возврат предоплаты заказа №${refund.orderId}`,
        ...(refund.receiptTo ? { receipt: refundReceipt(refund.receiptTo, refund.orderId, refund.amount, config.vatCode) } : {}),
      };
      const done = await client.createRefund(body, refund.idempotenceKey, signal);
      if (done.status === 'canceled') throw new YookassaRefusedError(200, 'refund_canceled', 'ЮKassa cancelled the refund');
      return { refundId: done.id };
    },
  };
}
