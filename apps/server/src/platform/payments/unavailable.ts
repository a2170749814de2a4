import { conflict } from '../errors.js';
import type { PaymentProvider } from './provider.js';

/**
 * Card payments off: a production server with neither Stripe keys nor PAYMENTS_PROVIDER=sandbox
 * (decision 025). The sandbox's test card would mark bookings paid with no money moved, so every
 * call to the provider answers 409 payments_unavailable instead, before anything is written.
 */
export const PAYMENTS_UNAVAILABLE = 'Card payments are not available: this server has no card-payment provider set up. Pay another way.';

export const paymentsUnavailable = () => conflict(PAYMENTS_UNAVAILABLE, 'payments_unavailable');

const refuse = async (): Promise<never> => {
  throw paymentsUnavailable();
};

export class UnavailablePaymentProvider implements PaymentProvider {
  // Named as the provider a production server is meant to use, so no sandbox account counts.
  readonly name = 'stripe' as const;
  readonly testMode = false;
  readonly isCheckoutEmbeddable = false;
  dashboardUrl = () => null;
  createAccount = refuse;
  onboardingLink = refuse;
  accountState = refuse;
  createCheckout = refuse;
  closeCheckout = refuse;
  getPayment = refuse;
  refund = refuse;
  balance = refuse;
  payouts = refuse;
  createPayout = refuse;
  deposit = refuse;
  listBankAccounts = refuse;
  addBankAccount = refuse;
  deleteBankAccount = refuse;
  makeDefaultBankAccount = refuse;
  parseWebhook(): never {
    throw paymentsUnavailable();
  }
}

/** Refuses a card payment when the server takes none. */
export function assertCardPaymentsAvailable(provider: PaymentProvider) {
  if (provider instanceof UnavailablePaymentProvider) throw paymentsUnavailable();
}
