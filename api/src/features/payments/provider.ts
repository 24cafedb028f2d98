import { randomBytes } from 'node:crypto';
import type { Participant } from '../../db/schema';

/** Who gets the 54-ФЗ receipt and what it lists (providers that send receipts use it). */
export interface ReceiptInput {
  /** An e-mail, or phone digits (international). */
  to: string;
  /** The order's price lines: one receipt item per participant kind. */
  participants: Participant[];
  /** Whole roubles: the order's total (the prepayment is part of it, or all of it). */
  total: number;
  title: string;
}

/** A payment as a provider sees it. */
export interface ProviderPayment {
  /** Our payment row id. */
  id: number;
  orderId: number;
  /** Whole roubles. */
  amount: number;
  description: string;
  /** The same for every call about this row: a retry after a timeout never charges twice. */
  idempotenceKey: string;
  /** Where the customer comes back to (the order page). */
  returnUrl: string;
  receipt: ReceiptInput | null;
}

/** A payment's state at the provider. */
export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'failed';

export interface ProviderRefund {
  /** The payment at the provider. */
  externalId: string;
  /** Whole roubles. */
  amount: number;
  /** One per refund (our outbox row): a retry never refunds twice. */
  idempotenceKey: string;
  orderId: number;
  /** Where the refund receipt goes (what the payment's receipt went to); null: none. */
  receiptTo: string | null;
}

/** The provider did not answer, or answered 5xx: the outcome is unknown (settled later by re-reading, never by charging again). */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

/**
 * A payment service (YooKassa, CloudPayments, …). The customer is sent to `confirmationUrl`; the provider reports
 * the outcome back (a webhook, or for the test provider its page's buttons) and the api completes the payment.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Registers a payment (idempotent by its key); returns its id at the provider and where the customer confirms it. */
  start(payment: ProviderPayment, signal?: AbortSignal): Promise<{ externalId: string; confirmationUrl: string }>;
  /**
   * Re-reads a payment at the provider, with what it was for (the amount in roubles, our order). Absent for the test
   * provider, whose state lives only in our database.
   */
  read?(externalId: string, signal?: AbortSignal): Promise<{ status: ProviderPaymentStatus; amount: number; orderId: number | null }>;
  /** Returns `amount` of a succeeded payment to the customer (idempotent by its key). */
  refund(refund: ProviderRefund, signal?: AbortSignal): Promise<{ refundId?: string } | void>;
}

export const TEST_PAYMENT_PATH = '/api/payments/test';
/** Providers whose payments live only in our database (nothing to re-read or to wait for). */
export const LOCAL_PAYMENT_PROVIDERS = ['test', 'demo'] as const;

/**
 * The built-in test provider, like the test modes of real providers: its page (served by the api) shows the
 * amount with «Оплатить» and «Отклонить»; no money moves, refunds are recorded only in our database.
 */
export function createTestPaymentProvider(name = 'test'): PaymentProvider {
  return {
    name,
    async start() {
      const externalId = `test_${randomBytes(16).toString('hex')}`;
      return { externalId, confirmationUrl: `${TEST_PAYMENT_PATH}/${externalId}` };
    },
    async refund() {
      // No money moves in test mode; the refund gets an id like a real provider's.
      return { refundId: `${name}_refund_${randomBytes(12).toString('hex')}` };
    },
  };
}

/** The providers of one api: new payments go through `current`; a stored payment's refunds go back its own way. */
export interface PaymentProviders {
  /** The provider new payments go through (PAYMENT_PROVIDER); null when none is configured. */
  readonly current: PaymentProvider | null;
  /** The provider a stored payment went through. */
  get(name: string): PaymentProvider;
}

/** The providers with `current` (a real one, or the name of a built-in: 'test') for new payments. */
export function paymentProviders(current: PaymentProvider | 'test' | null): PaymentProviders {
  const all = new Map<string, PaymentProvider>([
    ['test', createTestPaymentProvider('test')],
    // Payments of the seeded demo orders.
    ['demo', createTestPaymentProvider('demo')],
  ]);
  if (current && typeof current !== 'string') all.set(current.name, current);
  const currentName = typeof current === 'string' ? current : current?.name;
  return {
    current: currentName ? all.get(currentName)! : null,
    get(name) {
      const provider = all.get(name);
      if (!provider) throw new Error(`Unknown payment provider: ${name}`);
      return provider;
    },
  };
}
