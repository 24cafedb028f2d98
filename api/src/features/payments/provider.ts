import { randomBytes } from 'node:crypto';

/** A payment as a provider sees it. */
export interface ProviderPayment {
  /** Our payment row id. */
  id: number;
  orderId: number;
  /** Whole roubles. */
  amount: number;
  description: string;
}

/**
 * A payment service (YooKassa, CloudPayments, …). The customer is sent to `confirmationUrl`; the provider reports
 * the outcome back (a webhook, or for the test provider its page's buttons) and the api completes the payment.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Registers a payment; returns its id at the provider and where the customer confirms it. */
  start(payment: ProviderPayment): Promise<{ externalId: string; confirmationUrl: string }>;
  /** The confirmation page of a payment started earlier (a repeated "pay" answers the same page). */
  confirmationUrl(externalId: string): string;
  /** Returns `amount` of a succeeded payment to the customer; answers the refund's id at the provider. */
  refund(externalId: string, amount: number): Promise<{ refundId: string }>;
}

export const TEST_PAYMENT_PATH = '/api/payments/test';

/**
 * The built-in test provider, like the test modes of real providers: its page (served by the api) shows the
 * amount with «Оплатить» and «Отклонить»; no money moves, refunds are recorded only in our database.
 */
export function createTestPaymentProvider(name = 'test'): PaymentProvider {
  const confirmationUrl = (externalId: string) => `${TEST_PAYMENT_PATH}/${externalId}`;
  return {
    name,
    async start() {
      const externalId = `test_${randomBytes(16).toString('hex')}`;
      return { externalId, confirmationUrl: confirmationUrl(externalId) };
    },
    confirmationUrl,
    async refund() {
      // No money moves in test mode; the refund gets an id like a real provider's.
      return { refundId: `${name}_refund_${randomBytes(12).toString('hex')}` };
    },
  };
}

const providers = new Map<string, PaymentProvider>([
  ['test', createTestPaymentProvider('test')],
  // Payments of the seeded demo orders.
  ['demo', createTestPaymentProvider('demo')],
]);

/** The provider new payments go through. */
export const defaultPaymentProvider = (): PaymentProvider => providers.get('test')!;

/** The provider a stored payment went through (refunds go back the same way). */
export function paymentProvider(name: string): PaymentProvider {
  const provider = providers.get(name);
  if (!provider) throw new Error(`Unknown payment provider: ${name}`);
  return provider;
}
