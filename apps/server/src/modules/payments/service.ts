import type { PaymentsInfo } from '@lanebook/core/payment-schemas';
import type { Db, Tx } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { conflict } from '../../platform/errors.js';
import { withTransaction } from '../../platform/locking.js';
import { currencyOfCountry, PaymentProviderError, type PaymentProvider, type WebhookEvent } from '../../platform/payments/provider.js';
import { assertCardPaymentsAvailable } from '../../platform/payments/unavailable.js';
// The bookings module's card-payment entry points (its service.ts is read by calendar, which actions.ts reads).
import { confirmCardRefund, dropCardRefund, recordCardPayment, unconfirmedCardRefunds, type CardRefunder } from '../bookings/actions.js';
import {
  lockPaymentAccount,
  paymentAccountOfVenue,
  setPaymentAccount,
  setPaymentStatus,
  venueOfPaymentAccount,
} from '../venues/service.js';
import { paymentEvents } from './schema.js';

/**
 * The venue's side of the card-payment provider (decision 021): its account, where it stands,
 * card checkouts and refunds for bookings, and the provider's webhook events.
 */

/** The venue's account at the active provider; null before the venue starts onboarding. */
export function accountOf(provider: PaymentProvider, venue: VenueRow): string | null {
  return venue.paymentProvider === provider.name ? venue.paymentAccountId : null;
}

export const PAYMENTS_NOT_ENABLED = 'Card payments are not enabled for this venue: verify the payment account first.';

/** Refuses a card checkout the server or the venue cannot take: 409 payments_unavailable, or payments_not_enabled. */
export function assertCardCheckoutPossible(provider: PaymentProvider, venue: VenueRow) {
  assertCardPaymentsAvailable(provider);
  if (!paymentsInfo(provider, venue).isPaymentsEnabled) throw conflict(PAYMENTS_NOT_ENABLED, 'payments_not_enabled');
}

/**
 * The venue's account, made at the provider the first time it is needed. The provider's call comes
 * first, outside any transaction; its idempotency key (the venue's id) makes a second caller get
 * the same account, and the venue's row lock keeps whichever was recorded first.
 */
export async function ensureAccount(db: Db, provider: PaymentProvider, venue: VenueRow): Promise<string> {
  const known = accountOf(provider, venue);
  if (known) return known;
  const country = venue.country === 'CA' ? 'CA' : 'US';
  const email = venue.email || venue.ownerEmail;
  const id = await provider.createAccount({ venueId: venue.id, venueName: venue.name, country, email }, `account:${venue.id}`);
  return withTransaction(db, async (tx) => {
    const recorded = await lockPaymentAccount(tx, venue.id, provider.name);
    if (recorded) return recorded;
    await setPaymentAccount(tx, venue.id, provider.name, id);
    return id;
  });
}

/** Where an account stands: active once it takes card payments and can be paid out, pending once verification or a bank account is under way. */
async function accountStatusOf(provider: PaymentProvider, account: string) {
  const state = await provider.accountState(account);
  const banks = await provider.listBankAccounts(account);
  const status =
    state.chargesEnabled && state.payoutsEnabled ? 'active' : state.detailsSubmitted || banks.length > 0 ? 'pending' : 'inactive';
  return { stripeBankAccountStatus: status, isStripePaymentsEnabled: state.chargesEnabled } as const;
}

/** Reads the account's state from the provider and records it on the venue. */
export async function syncAccountStatus(db: Db, provider: PaymentProvider, venueId: string, account: string) {
  const status = await accountStatusOf(provider, account);
  await setPaymentStatus(db, venueId, status);
  return status;
}

export function paymentsInfo(provider: PaymentProvider, venue: VenueRow): PaymentsInfo {
  const account = accountOf(provider, venue);
  return {
    provider: provider.name,
    testMode: provider.testMode,
    currency: currencyOfCountry(venue.country),
    status: venue.stripeBankAccountStatus,
    isPaymentsEnabled: venue.isStripePaymentsEnabled && account !== null,
    dashboardUrl: account ? provider.dashboardUrl(account) : null,
  };
}

/** Opens the provider's hosted checkout for an amount of a booking; answers its URL. */
export async function openCardCheckout(
  provider: PaymentProvider,
  venue: VenueRow,
  checkout: { bookingId: string; amount: number; description: string; successUrl: string; cancelUrl: string; idempotencyKey: string },
): Promise<string> {
  assertCardCheckoutPossible(provider, venue);
  const account = accountOf(provider, venue)!;
  const session = await provider.createCheckout({
    account,
    amount: checkout.amount,
    currency: currencyOfCountry(venue.country),
    description: checkout.description,
    successUrl: checkout.successUrl,
    cancelUrl: checkout.cancelUrl,
    metadata: { venueId: venue.id, bookingId: checkout.bookingId },
    idempotencyKey: checkout.idempotencyKey,
  });
  return session.url;
}

/** Refunds card payments of the venue through the active provider; null when the venue has no account there. */
export function cardRefunderOf(provider: PaymentProvider, venue: VenueRow): CardRefunder | null {
  const account = accountOf(provider, venue);
  if (!account) return null;
  return {
    provider: provider.name,
    refund: (paymentId, amount, idempotencyKey) =>
      provider.refund({ account, paymentId, amount, idempotencyKey, metadata: { venueId: venue.id, bookingId: '' } }),
  };
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a provider's event exactly once. What the event is about is read from the provider
 * first (no transaction waits on the network); then, in one transaction, the event's id is stored
 * and the change applied. A redelivery, even a concurrent one (it waits on the id's unique key),
 * finds the id and does nothing; a failure stores nothing, so the provider's retry applies it. A
 * payment event brings the ledger to the payment's current state, so events in any order end the
 * same (decision 021).
 */
export async function applyWebhookEvent(db: Db, provider: PaymentProvider, event: WebhookEvent): Promise<WebhookOutcome> {
  const venue = event.account ? await venueOfPaymentAccount(db, provider.name, event.account) : null;
  let apply: ((tx: Tx) => Promise<boolean>) | null = null;
  if (venue && event.account && event.isAccountUpdate) {
    const status = await accountStatusOf(provider, event.account);
    apply = async (tx) => {
      await setPaymentStatus(tx, venue.id, status);
      return true;
    };
  } else if (venue && event.account && event.paymentId) {
    const payment = await provider.getPayment(event.account, event.paymentId);
    // The metadata names the booking; a payment of another venue's booking is never applied here.
    const bookingId = payment.metadata.bookingId;
    if (payment.succeeded && payment.metadata.venueId === venue.id && bookingId) {
      const reported = { provider: provider.name, paymentId: payment.id, amount: payment.amount, amountRefunded: payment.amountRefunded };
      const actor = { userName: 'Payment provider', moneyFormat: venue.moneyFormat };
      apply = async (tx) => (await recordCardPayment(tx, venue.id, bookingId, reported, actor)) !== null;
    }
  }
  return withTransaction(db, async (tx) => {
    const stored = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, id: event.id, type: event.type, account: event.account })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return 'duplicate';
    return apply && (await apply(tx)) ? 'applied' : 'ignored';
  });
}

/**
 * Sends again the card refunds the ledger holds but the provider never confirmed (the process
 * stopped between the two), 2 minutes to a day old, with their own keys: the provider makes each
 * at most once, and answers the refund it made. A refund the provider refuses for good leaves
 * the ledger with a warning on the booking; an unreachable provider is tried again next minute.
 */
export async function retryUnconfirmedRefunds(db: Db, provider: PaymentProvider, now = new Date()): Promise<number> {
  const due = await unconfirmedCardRefunds(db, new Date(now.getTime() - 2 * 60_000), new Date(now.getTime() - 24 * 3600_000));
  let confirmed = 0;
  for (const refund of due) {
    if (refund.provider !== provider.name) continue;
    const venue = await paymentAccountOfVenue(db, refund.venueId, provider.name);
    if (!venue?.accountId) continue;
    try {
      const made = await provider.refund({
        account: venue.accountId,
        paymentId: refund.paymentIntentId,
        amount: refund.amount,
        idempotencyKey: `refund:${refund.venueId}:${refund.id}`,
        metadata: { venueId: refund.venueId, bookingId: refund.bookingId },
      });
      await confirmCardRefund(db, refund.venueId, refund.id, made.id);
      confirmed++;
    } catch (error) {
      if (error instanceof PaymentProviderError && error.status >= 400 && error.status < 500)
        await dropCardRefund(db, refund, error.message, venue.moneyFormat);
    }
  }
  return confirmed;
}
