import type { PaymentsInfo } from '@lanebook/core/payment-schemas';
import type { Db, Tx } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { conflict } from '../../platform/errors.js';
import { withTransaction } from '../../platform/locking.js';
import { currencyOfCountry, PaymentProviderError, type PaymentProvider, type WebhookEvent } from '../../platform/payments/provider.js';
import { assertCardPaymentsAvailable } from '../../platform/payments/unavailable.js';
// The bookings module's card payments, refunds and checkouts (bookings/money.ts).
import {
  cardRefundKey,
  forgetCheckout,
  hasCardPayment,
  otherCheckoutsOf,
  pendingCardRefund,
  recordCardPayment,
  settleCardRefund,
  stalePendingCardRefunds,
} from '../bookings/money.js';
import {
  lockPaymentAccount,
  paymentAccountOfVenue,
  setPaymentAccount,
  setPaymentStatus,
  venueOfPaymentAccount,
  venueRowById,
} from '../venues/service.js';
import { giftCardMails, type GiftCardMailer } from '../gift-cards/mail.js';
import { issuePaidOrder } from '../gift-cards/service.js';
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

/** Opens the provider's hosted checkout for an amount of a booking or a gift card order; answers the session (its id and URL). */
export async function openCardCheckout(
  provider: PaymentProvider,
  venue: VenueRow,
  checkout: ({ bookingId: string } | { giftCardOrderId: string }) & {
    amount: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  },
): Promise<{ id: string; url: string }> {
  assertCardCheckoutPossible(provider, venue);
  const account = accountOf(provider, venue)!;
  const session = await provider.createCheckout({
    account,
    amount: checkout.amount,
    currency: currencyOfCountry(venue.country),
    description: checkout.description,
    successUrl: checkout.successUrl,
    cancelUrl: checkout.cancelUrl,
    metadata:
      'bookingId' in checkout
        ? { venueId: venue.id, bookingId: checkout.bookingId }
        : { venueId: venue.id, giftCardOrderId: checkout.giftCardOrderId },
    idempotencyKey: checkout.idempotencyKey,
  });
  return session;
}

/**
 * Makes the session answered at `url` the booking's only one that takes a payment (decision 021):
 * every other kept session of the booking is closed at the provider, outside any transaction.
 * One already paid, or whose payment is processing, cannot be closed: unless its payment is in the
 * ledger already, the new session is closed too and the answer is a 409 payment_in_progress, so
 * the customer is never charged twice.
 */
export async function closeOtherCheckouts(db: Db, provider: PaymentProvider, venue: VenueRow, bookingId: string, url: string) {
  const account = accountOf(provider, venue)!;
  let inProgress = false;
  for (const checkoutId of await otherCheckoutsOf(db, venue.id, bookingId, url)) {
    const closed = await provider.closeCheckout(account, checkoutId);
    if (closed.paid && !(closed.paymentId && (await hasCardPayment(db, venue.id, bookingId, closed.paymentId)))) inProgress = true;
    else await forgetCheckout(db, venue.id, bookingId, checkoutId);
  }
  if (!inProgress) return;
  for (const checkoutId of await otherCheckoutsOf(db, venue.id, bookingId, '')) {
    if ((await provider.closeCheckout(account, checkoutId)).paid) continue;
    await forgetCheckout(db, venue.id, bookingId, checkoutId);
  }
  throw conflict(
    'A card payment of this booking is already under way. Wait a minute and open the booking again to see what is still due.',
    'payment_in_progress',
  );
}

/** The provider the venue's card payments go back through now; null when the venue has no account there. */
export function cardProviderOf(provider: PaymentProvider, venue: VenueRow): string | null {
  return accountOf(provider, venue) ? provider.name : null;
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
export async function applyWebhookEvent(
  db: Db,
  provider: PaymentProvider,
  event: WebhookEvent,
  /** A gift card bought online is issued when its payment is confirmed here; its mails go out after the commit. */
  giftCardMail: GiftCardMailer,
  log: { warn: (object: object, message: string) => void },
): Promise<WebhookOutcome> {
  const mails = giftCardMails(giftCardMail, log);
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
    const { bookingId, giftCardOrderId } = payment.metadata;
    if (payment.succeeded && payment.metadata.venueId === venue.id && bookingId) {
      const reported = { provider: provider.name, paymentId: payment.id, amount: payment.amount, amountRefunded: payment.amountRefunded };
      const actor = { userName: 'Payment provider', moneyFormat: venue.moneyFormat };
      apply = async (tx) => (await recordCardPayment(tx, venue.id, bookingId, reported, actor)) !== null;
    } else if (payment.succeeded && payment.metadata.venueId === venue.id && giftCardOrderId) {
      // The card is issued now, once (decision 045); never on the customer's return page.
      const paid = { provider: provider.name, paymentId: payment.id, amount: payment.amount };
      const venueRow = await venueRowById(db, venue.id);
      apply = async (tx) => {
        const issued = venueRow && (await issuePaidOrder(tx, giftCardMail.keys, venueRow, giftCardOrderId, paid));
        if (issued) await mails.afterIssue(tx, issued.card);
        return Boolean(issued);
      };
    }
  }
  const outcome = await withTransaction(db, async (tx): Promise<WebhookOutcome> => {
    const stored = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, id: event.id, type: event.type, account: event.account })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return 'duplicate';
    return apply && (await apply(tx)) ? 'applied' : 'ignored';
  });
  await mails.handOver();
  return outcome;
}

/**
 * Sends a pending card refund to the provider (the card-refunds job, issue 21), outside any
 * transaction, with the key of its attempt; the provider's answer settles it. A refusal (4xx) is
 * recorded as failed with the provider's words; an unreachable provider throws, so the job tries
 * again with the same key and the provider makes it at most once.
 */
export async function sendCardRefund(db: Db, provider: PaymentProvider, venueId: string, refundId: string): Promise<void> {
  const refund = await pendingCardRefund(db, venueId, refundId);
  if (!refund || refund.provider !== provider.name) return;
  const venue = await paymentAccountOfVenue(db, venueId, provider.name);
  if (!venue) return;
  if (!venue.accountId) {
    await settleCardRefund(db, refund, { failure: 'the venue has no payment account now' });
    return;
  }
  try {
    const made = await provider.refund({
      account: venue.accountId,
      paymentId: refund.paymentIntentId,
      amount: refund.amount,
      idempotencyKey: cardRefundKey(refund),
      metadata: { venueId, bookingId: refund.bookingId },
    });
    await settleCardRefund(db, refund, { providerRefundId: made.id });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status >= 400 && error.status < 500)
      await settleCardRefund(db, refund, { failure: error.message });
    else throw error;
  }
}

/** Sends again the card refunds still pending a minute after they were written (the sweep, every minute). */
export async function retryPendingRefunds(db: Db, provider: PaymentProvider, now = new Date()): Promise<void> {
  for (const refund of await stalePendingCardRefunds(db, new Date(now.getTime() - 60_000)))
    await sendCardRefund(db, provider, refund.venueId, refund.id).catch(() => undefined);
}
