/**
 * The card-payment provider (decision 021): one interface, two implementations. The sandbox
 * (`sandbox.ts`) is the embedded default, a working local provider with its own hosted pages;
 * Stripe (`stripe.ts`) is used when STRIPE_SECRET_KEY is set. Card data never reaches Lanebook:
 * customers pay on the provider's hosted checkout page.
 *
 * Amounts are integer cents; currencies are lower-case ISO codes ('usd', 'cad'). Every venue has
 * its own account at the provider (a Stripe Connect account); calls name it by its id.
 */

import { AppError } from '../errors.js';

export type ProviderName = 'sandbox' | 'stripe';
export type Currency = 'usd' | 'cad';
export type BankCountry = 'US' | 'CA';

/** Where an account stands with the provider. */
export interface AccountState {
  /** The venue finished the provider's verification. */
  detailsSubmitted: boolean;
  /** Card payments can be taken. */
  chargesEnabled: boolean;
  /** Money can be paid out to a bank account. */
  payoutsEnabled: boolean;
}

export interface NewAccount {
  venueId: string;
  venueName: string;
  country: BankCountry;
  email: string;
}

/** A bank account of a venue's provider account. The full account number is never answered. */
export interface BankAccount {
  id: string;
  accountHolderName: string;
  country: BankCountry;
  currency: Currency;
  last4: string;
  routingNumber: string;
  bankName: string | null;
  isDefaultForCurrency: boolean;
}

export interface NewBankAccount {
  accountHolderName: string;
  country: BankCountry;
  currency: Currency;
  accountNumber: string;
  routingNumber: string;
  isDefaultForCurrency: boolean;
}

export interface CheckoutRequest {
  account: string;
  amount: number;
  currency: Currency;
  /** What the customer sees on the checkout page ("Axe throwing, 12/24/26, DEMO-1042"). */
  description: string;
  /** Where the checkout page sends the customer after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** Carried to the payment and back in its events: which booking or gift card order the money is for. */
  metadata: PaymentMetadata;
  idempotencyKey: string;
}

/** What the money is for: a booking, or a gift card bought online (its order, decision 045). */
export interface PaymentMetadata {
  venueId: string;
  bookingId?: string;
  giftCardOrderId?: string;
}

export interface Checkout {
  id: string;
  url: string;
}

/** A checkout closed so it takes no payment, or found already paid (or its payment processing): its payment's id. */
export type ClosedCheckout = { paid: false } | { paid: true; paymentId: string | null };

/** A payment as the provider sees it now: refunds are its cumulative refunded amount. */
export interface ProviderPayment {
  id: string;
  succeeded: boolean;
  amount: number;
  amountRefunded: number;
  currency: Currency;
  metadata: Partial<PaymentMetadata>;
}

export interface RefundRequest {
  account: string;
  paymentId: string;
  amount: number;
  metadata: PaymentMetadata;
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  amount: number;
}

export interface Money {
  amount: number;
  currency: Currency;
}

export interface Balance {
  available: Money[];
  pending: Money[];
}

export interface Payout {
  id: string;
  amount: number;
  currency: Currency;
  status: string;
  /** When the money reaches the bank (ISO instant). */
  arrivalDate: string;
  createdAt: string;
}

export interface PayoutPage {
  list: Payout[];
  hasMore: boolean;
}

/**
 * An event the provider sent to the webhook, reduced to what Lanebook acts on: the payment it
 * concerns (the handler reads the payment's current state, so the order of events never matters)
 * or the account whose verification changed.
 */
export interface WebhookEvent {
  id: string;
  type: string;
  account: string | null;
  paymentId: string | null;
  /** The event is about an account's state (verification, payouts). */
  isAccountUpdate: boolean;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Test keys (or the sandbox): no real money moves. */
  readonly testMode: boolean;
  /**
   * Its hosted checkout page may be shown inside a frame (the widget's iframe): the sandbox's may,
   * Stripe's Checkout refuses to be framed, so the widget opens it in a new tab.
   */
  readonly isCheckoutEmbeddable: boolean;
  /** A link to the provider's own dashboard for this account, when it has one. */
  dashboardUrl(account: string): string | null;

  createAccount(input: NewAccount, idempotencyKey: string): Promise<string>;
  /** A link where the venue verifies its account; the provider sends it back to `returnUrl`. */
  onboardingLink(account: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  accountState(account: string): Promise<AccountState>;

  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Closes an open checkout: its page refuses payment from then on. One already paid or processing stays as it is. */
  closeCheckout(account: string, checkoutId: string): Promise<ClosedCheckout>;
  getPayment(account: string, paymentId: string): Promise<ProviderPayment>;
  refund(request: RefundRequest): Promise<Refund>;

  balance(account: string): Promise<Balance>;
  payouts(account: string, page: { startingAfter?: string; limit: number }): Promise<PayoutPage>;
  createPayout(account: string, money: Money, idempotencyKey: string): Promise<Payout>;
  /** Adds money to the balance (a top-up), so refunds can be paid when payments were paid out. */
  deposit(account: string, money: Money, idempotencyKey: string): Promise<Balance>;

  listBankAccounts(account: string): Promise<BankAccount[]>;
  addBankAccount(account: string, input: NewBankAccount, idempotencyKey: string): Promise<BankAccount>;
  deleteBankAccount(account: string, bankAccountId: string): Promise<void>;
  makeDefaultBankAccount(account: string, bankAccountId: string): Promise<BankAccount>;

  /** Checks the signature (300 s tolerance) of the raw body; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

/**
 * The provider refused or failed a call: the API answers 502 with the provider's own message,
 * which the console shows in its red toast.
 */
export class PaymentProviderError extends AppError {
  constructor(
    message: string,
    /** The provider's HTTP status (402 a declined card, 404 an unknown object...). */
    readonly status: number,
    readonly providerCode?: string,
    readonly param?: string,
  ) {
    super(502, 'payment_provider_error', message);
    this.name = 'PaymentProviderError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Webhook signatures are accepted for five minutes after they were made (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const currencyOfCountry = (country: string): Currency => (country === 'CA' ? 'cad' : 'usd');
