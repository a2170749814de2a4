import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import {
  bookingMoney,
  formatMoney,
  isLiveStatus,
  loweredTotal,
  overpaymentToRefund,
  refundLimit,
  statusFromLedger,
  type Quote,
} from '@lanebook/core';
import type { BookingEvent } from '@lanebook/core/booking-events';
import type { Booking, refundAnswerSchema } from '@lanebook/core/booking-schemas';
import type { Db, Tx } from '../../db/client.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { withTransaction } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { GIFT_CARD_METHOD } from '@lanebook/core/gift-cards';
import type { GiftCardKeys } from '../gift-cards/codes.js';
import { lockGiftCards, redeemGiftCard, refundToGiftCard, type GiftCardVenue } from '../gift-cards/service.js';
import { keptDepositOf, paymentsOf, spreadRefund, sumsOf } from './ledger.js';
import { bookingAnswer, bookingOrNotFound, ledgerOf, writeLog, type BookingRow } from './records.js';
import { recordBookingEvent } from './events.js';
import { bookingCheckouts, bookingPayments, bookings } from './schema.js';

/**
 * Every change to a booking's money, in one place (issue 21). Each function runs in the caller's
 * transaction, under the booking's row lock, with the change that caused it (a move, a
 * cancellation, a price change, a payment, a refund): the desk's payments (collectPayment),
 * refunds (writeRefund, writeRefundRows), card payments as the provider reports them
 * (recordCardPayment), card refunds at the provider and card checkouts. A card refund is written
 * pending; a trigger on booking_payments announces it at commit and the card-refunds job sends it
 * to the provider (payments/service.ts), whose answer settles it here.
 */

type RefundAnswer = import('zod').infer<typeof refundAnswerSchema>;

export interface MoneyActor {
  userName: string;
  moneyFormat: string;
  /** The member taking or giving back the money (the cash-up's staff rows); none for the customer and the provider. */
  userId?: string | null;
}

/** The channel the pending card refunds are announced on (migration 0014's trigger). */
export const CARD_REFUND_CHANNEL = 'lanebook_card_refunds';
export const CARD_REFUND_QUEUE = 'card-refund';

/**
 * What an affiliate earns on a booking (decision 031), from the rate kept on the booking when it
 * was made and its net paid (paid − refunded, refunds pending at the provider counted as given
 * back, as bookingMoney counts them, without taxes: commissionBaseOf), whatever its status: a
 * percent of it, rounded to the cent, or the fixed cents once anything is paid, never more than
 * it. Nothing paid, or all of it given back, earns nothing.
 */
export function affiliateCommissionOf(
  rate: { affiliateCommission: number | null; affiliateCommissionType: 'fixed' | 'percent' | null },
  netPaid: number,
): number {
  const commission = rate.affiliateCommission ?? 0;
  if (netPaid <= 0 || commission <= 0) return 0;
  if (rate.affiliateCommissionType === 'fixed') return Math.min(Math.round(commission), netPaid);
  return Math.min(Math.round((netPaid * commission) / 100), netPaid);
}

/**
 * What the commission is on (decision 031): the net paid without its taxes, which the venue only
 * collects. The taxes' share is the quote's (a custom price keeps the rates it replaced). Bookings
 * made before migration 0031 earn on the taxed amount, as they did.
 */
export function commissionBaseOf(row: { commissionIncludesTaxes: boolean; quote: Quote | null }, netPaid: number): number {
  const quote = row.quote;
  if (row.commissionIncludesTaxes || !quote || quote.total <= 0 || quote.taxes <= 0) return netPaid;
  return Math.round((netPaid * Math.max(0, quote.total - quote.taxes)) / quote.total);
}

/**
 * Writes the ledger's sums on the booking, the status they give (statusFromLedger) and its
 * affiliate's commission on them; answers the booking.
 */
export async function settleLedger(tx: Tx, venueId: string, bookingId: string): Promise<Booking> {
  const [row] = await forVenue(tx, venueId).select(bookings, eq(bookings.id, bookingId));
  const ledger = await ledgerOf(tx, venueId, bookingId);
  const { paid, refunded } = sumsOf(ledger);
  const [changed] = await forVenue(tx, venueId)
    .update(bookings, eq(bookings.id, bookingId), {
      paidTotal: paid,
      refundedTotal: refunded,
      isRefunded: refunded > 0,
      affiliateCommissionAmount: affiliateCommissionOf(row, commissionBaseOf(row, paid - refunded)),
      status: statusFromLedger({ status: row.status, total: row.total, paid, refunded }),
      updatedAt: new Date(),
    })
    .returning();
  return bookingAnswer(changed, ledger);
}

export interface RefundLine {
  id: string;
  amount: number;
  paymentMethodAlias: string;
  status: 'pending' | 'succeeded';
  date: string;
}

export interface RefundRequest {
  amount: number;
  /**
   * Where money a gift card paid goes (decision 045): back to the card (the default), or as this
   * method of the venue's (its cash) when staff choose.
   */
  giftCardRefundTo?: { method: string };
  /** Refund a no-show's kept deposit too (decision 022); cancellations and automatic refunds do. */
  overrideDeposit?: boolean;
  /** Give back only this payment (an overpayment goes back to the card that made it). */
  paymentId?: string;
  /** An overpayment going back (the log says so). */
  overpayment?: boolean;
}

/**
 * Writes a refund of `amount` (newest payment first), never more than the booking holds, nor a
 * no-show's kept deposit unless overridden. Card parts are pending until the provider answers;
 * `cardProvider` is the provider the venue takes cards through now (null: none), and a card payment
 * of another provider is refused (409). The caller holds the booking's row lock and settles after.
 */
export async function writeRefundRows(
  tx: Tx,
  venueId: string,
  row: BookingRow,
  request: RefundRequest,
  actor: MoneyActor,
  cardProvider: string | null,
  now = new Date(),
): Promise<RefundLine[]> {
  const ledger = await ledgerOf(tx, venueId, row.id);
  const { paid, refunded } = sumsOf(ledger);
  const facts = { status: row.status, total: row.total, paid, refunded };
  const kept = keptDepositOf(row, paid, refunded, now);
  const allowed = refundLimit(facts, kept, request.overrideDeposit);
  if (request.amount > allowed) {
    const most = `At most ${formatMoney(allowed, actor.moneyFormat)} can be refunded`;
    throw fieldError(
      kept > 0 && !request.overrideDeposit
        ? `${most}: the deposit of ${formatMoney(kept, actor.moneyFormat)} is kept because the group did not show up`
        : most,
      'amount',
    );
  }
  const payments = paymentsOf(ledger).filter((p) => !request.paymentId || p.id === request.paymentId);
  const parts = spreadRefund(payments, request.amount);
  if (!parts) throw fieldError(`At most ${formatMoney(allowed, actor.moneyFormat)} can be refunded`, 'amount');
  const providerOf = new Map(ledger.map((r) => [r.id, r.provider ?? null]));
  const giftCardOf = new Map(ledger.map((r) => [r.id, r.giftCardId ?? null]));
  for (const part of parts) {
    const provider = providerOf.get(part.payment.id) ?? null;
    if (provider && cardProvider !== provider)
      throw conflict(
        `This card payment was taken through ${provider}, which this server does not use now: refund it there.`,
        'provider_unavailable',
      );
  }
  // Gift cards the refund goes back to, locked in one order before any is written (decision 045).
  const toCards = request.giftCardRefundTo ? [] : parts.flatMap((part) => giftCardOf.get(part.payment.id) ?? []);
  await lockGiftCards(tx, venueId, toCards);
  const lines: RefundLine[] = [];
  for (const part of parts) {
    const provider = providerOf.get(part.payment.id) ?? null;
    const paidByCard = giftCardOf.get(part.payment.id) ?? null;
    const giftCardId = paidByCard && !request.giftCardRefundTo ? paidByCard : null;
    const method = paidByCard && request.giftCardRefundTo ? request.giftCardRefundTo.method : part.payment.paymentMethodAlias;
    const id = randomUUID();
    const status = provider ? 'pending' : 'succeeded';
    await forVenue(tx, venueId).insert(bookingPayments, {
      id,
      bookingId: row.id,
      kind: 'refund',
      amount: part.amount,
      method,
      refundOf: part.payment.id,
      provider,
      status,
      giftCardId,
      userName: actor.userName,
      userId: actor.userId ?? null,
      createdAt: now,
    });
    // Back to the card in the same transaction: its balance grows with this refund or not at all.
    if (giftCardId) await refundToGiftCard(tx, venueId, giftCardId, part.amount, { bookingId: row.id, bookingPaymentId: id }, actor, now);
    lines.push({ id, amount: part.amount, paymentMethodAlias: method, status, date: now.toISOString() });
  }
  const event: BookingEvent = {
    type: 'refunded',
    parts: lines.map((line) => ({ amount: line.amount, method: line.paymentMethodAlias })),
    keptDepositToo: Boolean(request.overrideDeposit && kept > 0 && request.amount > allowed - kept),
    overpayment: request.overpayment ?? false,
  };
  await writeLog(tx, venueId, row.id, event, actor.userName);
  return lines;
}

/** The booking's row, locked; the lanes' occupancy key comes first where lanes change (the callers). */
export const lockedBooking = (tx: Tx, venueId: string, bookingId: string) => bookingOrNotFound(tx, venueId, bookingId, { lock: true });

// ---- Payments taken and refunds given at the desk, and card payments as the provider reports them ----

/** A payment is taken on a live booking, for at most what is due. */
export function assertCollectable(row: BookingRow, amount: number, due: number, actor: MoneyActor) {
  if (!isLiveStatus(row.status)) throw conflict('Payments are taken on live bookings only.', 'booking_not_live');
  if (amount > due) throw fieldError(`Only ${formatMoney(due, actor.moneyFormat)} is due`, 'amount');
}

/** Collects an amount with one of the venue's payment methods (Cash, a POS terminal): a ledger row. */
export async function collectPayment(
  tx: Tx,
  venueId: string,
  bookingId: string,
  payment: { amount: number; paymentMethod: string },
  venueMethods: string[],
  actor: MoneyActor,
): Promise<Booking> {
  const method = venueMethods.find((m) => m.toLowerCase() === payment.paymentMethod.toLowerCase());
  if (!method) throw fieldError(`Choose one of the venue's payment methods: ${venueMethods.join(', ')}`, 'paymentMethod');
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  assertCollectable(row, payment.amount, bookingMoney({ ...row, paid: row.paidTotal, refunded: row.refundedTotal }).due, actor);
  await forVenue(tx, venueId).insert(bookingPayments, {
    id: randomUUID(),
    bookingId,
    kind: 'payment',
    amount: payment.amount,
    method,
    userName: actor.userName,
    userId: actor.userId ?? null,
  });
  await writeLog(tx, venueId, bookingId, { type: 'paymentCollected', amount: payment.amount, method }, actor.userName);
  const settled = await settleLedger(tx, venueId, row.id);
  return recordBookingEvent(tx, venueId, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
}

export const CARD_METHOD = 'Card';

/** What a gift card paid of a booking: its last four, the amount taken, and what it holds now. */
export interface AppliedGiftCard {
  last4: string;
  amount: number;
  balance: number;
}

/**
 * A payment by gift card (decision 045), a payment like any other: under the booking's row lock,
 * at most what is due (`upTo`, the desk's amount or everything due), the card's lock next and what
 * it can pay of it; a ledger row naming the card, its redeemed entry, the log and the booking's
 * sums in one transaction. The card's errors (unknown, disabled, expired, empty) are the customer's words.
 */
export async function collectGiftCardPayment(
  tx: Tx,
  keys: GiftCardKeys,
  venue: GiftCardVenue,
  bookingId: string,
  payment: { code: string; upTo: number | 'due' },
  actor: MoneyActor,
  now = new Date(),
): Promise<{ booking: Booking; applied: AppliedGiftCard }> {
  const row = await lockedBooking(tx, venue.id, bookingId);
  const { due } = bookingMoney({ ...row, paid: row.paidTotal, refunded: row.refundedTotal });
  if (payment.upTo === 'due') {
    if (!isLiveStatus(row.status)) throw conflict(`This booking is ${row.status}: it takes no payment.`, 'booking_not_live');
    if (due === 0) throw conflict('Nothing is due on this booking.', 'nothing_due');
  } else assertCollectable(row, payment.upTo, due, actor);
  const id = randomUUID();
  const redeemed = await redeemGiftCard(
    tx,
    keys,
    venue,
    payment.code,
    payment.upTo === 'due' ? due : payment.upTo,
    { bookingId, bookingPaymentId: id },
    actor,
    now,
  );
  await forVenue(tx, venue.id).insert(bookingPayments, {
    id,
    bookingId,
    kind: 'payment',
    amount: redeemed.amount,
    method: GIFT_CARD_METHOD,
    giftCardId: redeemed.card.id,
    userName: actor.userName,
    userId: actor.userId ?? null,
    createdAt: now,
  });
  await writeLog(
    tx,
    venue.id,
    bookingId,
    { type: 'giftCardPaid', amount: redeemed.amount, last4: redeemed.card.codeLast4 },
    actor.userName,
  );
  const settled = await settleLedger(tx, venue.id, bookingId);
  const booking = await recordBookingEvent(tx, venue.id, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
  return { booking, applied: { last4: redeemed.card.codeLast4, amount: redeemed.amount, balance: redeemed.card.balance } };
}

export interface RefundOutcome {
  booking: Booking;
  refunds: RefundAnswer['refunds'];
}

/**
 * Refunds an amount, newest payment first, never more than the booking holds, nor a no-show's
 * kept deposit unless overridden (decision 022), in the caller's transaction under the booking's
 * lock: twenty refunds at once add up to at most that. Card parts are written pending and sent by
 * the card-refunds job (money.ts). With lowerPrice the price drops by the amount (a goodwill
 * discount, a custom price); without, the customer owes it again and the status follows.
 */
export async function writeRefund(
  tx: Tx,
  venueId: string,
  bookingId: string,
  request: { amount: number; overrideDeposit?: boolean; lowerPrice?: boolean; giftCardRefundTo?: { method: string } },
  actor: MoneyActor,
  cardProvider: string | null,
  now = new Date(),
): Promise<RefundOutcome> {
  let row = await lockedBooking(tx, venueId, bookingId);
  if (request.lowerPrice) {
    if (!isLiveStatus(row.status)) throw conflict('Only a live booking has a price to lower.', 'booking_not_live');
    const total = loweredTotal(row.total, request.amount);
    [row] = await forVenue(tx, venueId)
      .update(bookings, eq(bookings.id, bookingId), { customPrice: total, total, deposit: Math.min(row.deposit, total), updatedAt: now })
      .returning();
    await writeLog(tx, venueId, bookingId, { type: 'priceLowered', amount: request.amount, total }, actor.userName);
  }
  const refunds = await writeRefundRows(tx, venueId, row, request, actor, cardProvider, now);
  const booking = await recordBookingEvent(tx, venueId, 'booking.refunded', await settleLedger(tx, venueId, bookingId));
  return { booking, refunds };
}

/**
 * Records a card payment as the provider reports it now (decision 021): the payment once, then
 * whatever the provider refunded beyond the ledger's refunds of it. Any number of events, in any
 * order, bring the ledger to the same rows. Null when nothing changed (or the booking is gone).
 */
export async function recordCardPayment(
  tx: Tx,
  venueId: string,
  bookingId: string,
  payment: { provider: string; paymentId: string; amount: number; amountRefunded: number },
  actor: MoneyActor,
): Promise<Booking | null> {
  const [row] = await forVenue(tx, venueId).lock(bookings, eq(bookings.id, bookingId));
  if (!row) return null;
  const ledger = await ledgerOf(tx, venueId, bookingId);
  const venue = forVenue(tx, venueId);
  let paymentRow = ledger.find((r) => r.kind === 'payment' && r.providerPaymentId === payment.paymentId);
  let changed = false;
  let arrived = false;
  if (!paymentRow) {
    const id = randomUUID();
    await venue.insert(bookingPayments, {
      id,
      bookingId,
      kind: 'payment',
      amount: payment.amount,
      method: CARD_METHOD,
      provider: payment.provider,
      providerPaymentId: payment.paymentId,
      userName: actor.userName,
    });
    paymentRow = { id } as (typeof ledger)[number];
    await writeLog(tx, venueId, bookingId, { type: 'cardPaymentReceived', amount: payment.amount }, actor.userName);
    changed = true;
    // The payment settles before any refund of it, as it happened, whichever event came first.
    await settleLedger(tx, venueId, bookingId);
    arrived = true;
  }
  const refundedHere = ledger.filter((r) => r.kind === 'refund' && r.refundOf === paymentRow.id).reduce((sum, r) => sum + r.amount, 0);
  if (payment.amountRefunded > refundedHere) {
    const amount = payment.amountRefunded - refundedHere;
    await venue.insert(bookingPayments, {
      id: randomUUID(),
      bookingId,
      kind: 'refund',
      amount,
      method: CARD_METHOD,
      refundOf: paymentRow.id,
      provider: payment.provider,
      userName: actor.userName,
    });
    await writeLog(tx, venueId, bookingId, { type: 'cardRefundAtProvider', amount }, actor.userName);
    changed = true;
  }
  if (!changed) return null;
  let settled = await settleLedger(tx, venueId, bookingId);
  // Nothing was due for a payment that just arrived (a second checkout paid, a payment after a
  // cancellation): what it overpaid goes back to its card at once.
  const excess = arrived ? overpaymentToRefund(settled, payment.amount - payment.amountRefunded) : 0;
  if (excess > 0) {
    const [current] = await venue.select(bookings, eq(bookings.id, bookingId));
    await writeRefundRows(
      tx,
      venueId,
      current,
      { amount: excess, overrideDeposit: true, paymentId: paymentRow.id, overpayment: true },
      actor,
      payment.provider,
    );
    settled = await settleLedger(tx, venueId, bookingId);
  }
  return recordBookingEvent(tx, venueId, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
}

// ---- Card refunds at the provider: sent by the job, settled by its answer ----

export interface PendingCardRefund {
  venueId: string;
  id: string;
  bookingId: string;
  amount: number;
  provider: string;
  attempt: number;
  /** The provider's id of the payment it gives back. */
  paymentIntentId: string;
}

/** The card refund if it still waits for the provider (else null: settled already, or gone). */
export async function pendingCardRefund(db: Db, venueId: string, refundId: string): Promise<PendingCardRefund | null> {
  const venue = forVenue(db, venueId);
  const [row] = await venue.select(bookingPayments, and(eq(bookingPayments.id, refundId), eq(bookingPayments.status, 'pending')));
  if (!row || row.kind !== 'refund' || !row.provider || !row.refundOf) return null;
  const [paid] = await venue.select(bookingPayments, eq(bookingPayments.id, row.refundOf));
  if (!paid?.providerPaymentId) return null;
  return {
    venueId,
    id: row.id,
    bookingId: row.bookingId,
    amount: row.amount,
    provider: row.provider,
    attempt: row.attempt,
    paymentIntentId: paid.providerPaymentId,
  };
}

/** Each attempt has its own key, so an attempt is made at most once however often the job runs. */
export const cardRefundKey = (refund: { venueId: string; id: string; attempt: number }) =>
  refund.attempt === 0 ? `refund:${refund.venueId}:${refund.id}` : `refund:${refund.venueId}:${refund.id}:${refund.attempt}`;

/**
 * The provider's answer to an attempt: made (its refund id), or refused (its words: the refund
 * counts for nothing, the booking's sums and status follow, and staff see it failed with Retry).
 * An answer to an attempt that is no longer pending changes nothing.
 */
export async function settleCardRefund(db: Db, refund: PendingCardRefund, outcome: { providerRefundId: string } | { failure: string }) {
  await withTransaction(db, async (tx) => {
    await lockedBooking(tx, refund.venueId, refund.bookingId);
    const venue = forVenue(tx, refund.venueId);
    const [row] = await venue.lock(bookingPayments, eq(bookingPayments.id, refund.id));
    if (!row || row.status !== 'pending' || row.attempt !== refund.attempt) return;
    if ('providerRefundId' in outcome) {
      await venue.update(bookingPayments, eq(bookingPayments.id, refund.id), {
        status: 'succeeded',
        providerPaymentId: outcome.providerRefundId,
      });
      return;
    }
    await venue.update(bookingPayments, eq(bookingPayments.id, refund.id), { status: 'failed', failure: outcome.failure });
    await writeLog(
      tx,
      refund.venueId,
      refund.bookingId,
      { type: 'cardRefundFailed', amount: refund.amount, failure: outcome.failure },
      'Payment provider',
    );
    await recordBookingEvent(tx, refund.venueId, 'booking.updated', await settleLedger(tx, refund.venueId, refund.bookingId));
  });
}

/**
 * Staff send a failed card refund again: pending once more, as a new attempt (a new key), if the
 * payment still holds it. Anything but a failed refund of the booking is a 409.
 */
export async function retryCardRefund(
  tx: Tx,
  venueId: string,
  bookingId: string,
  refundId: string,
  actor: MoneyActor,
  cardProvider: string | null,
): Promise<{ booking: Booking; line: RefundLine }> {
  const row = await lockedBooking(tx, venueId, bookingId);
  const ledger = await ledgerOf(tx, venueId, bookingId);
  const refund = ledger.find((r) => r.id === refundId && r.kind === 'refund');
  if (!refund) throw conflict('This booking has no such refund.', 'refund_not_found');
  if (refund.status !== 'failed') throw conflict('Only a failed refund can be retried.', 'refund_not_failed');
  if (refund.provider !== cardProvider)
    throw conflict(`This refund goes through ${refund.provider}, which this server does not use now.`, 'provider_unavailable');
  const payment = paymentsOf(ledger).find((p) => p.id === refund.refundOf);
  if (!payment || payment.paid - payment.refunded < refund.amount)
    throw conflict('The payment no longer holds this amount: it was refunded otherwise.', 'refund_not_possible');
  const now = new Date();
  await forVenue(tx, venueId).update(bookingPayments, eq(bookingPayments.id, refundId), {
    status: 'pending',
    failure: null,
    attempt: (refund.attempt ?? 0) + 1,
  });
  await writeLog(tx, venueId, bookingId, { type: 'cardRefundRetried', amount: refund.amount }, actor.userName);
  const booking = await settleLedger(tx, venueId, row.id);
  return {
    booking: await recordBookingEvent(tx, venueId, 'booking.refunded', booking),
    line: { id: refundId, amount: refund.amount, paymentMethodAlias: refund.method, status: 'pending', date: now.toISOString() },
  };
}

/**
 * Card refunds still pending after `olderThan` (the announcement was missed, the provider was
 * unreachable): the sweep sends them again with the same key, so the provider makes each at most once.
 */
export async function stalePendingCardRefunds(db: Db, olderThan: Date): Promise<{ venueId: string; id: string }[]> {
  return (
    db
      .select({ venueId: bookingPayments.venueId, id: bookingPayments.id })
      // eslint-disable-next-line no-restricted-syntax -- the sweep serves every venue: it reads pending refunds across venues, then acts on each within its own venue
      .from(bookingPayments)
      .where(and(eq(bookingPayments.kind, 'refund'), eq(bookingPayments.status, 'pending'), lt(bookingPayments.createdAt, olderThan)))
      .limit(100)
  );
}

// ---- Card checkouts: one open session per booking, amount and channel ----

export interface CheckoutKey {
  bookingId: string;
  channel: 'staff' | 'customer';
  amount: number;
  /** The ledger the session was opened against: any payment or refund since closes it. */
  paidTotal: number;
  refundedTotal: number;
}

/** Sessions are kept open a little less than the providers keep them (24 hours). */
const CHECKOUT_OPEN_MS = 23 * 3600_000;

/** Sessions of one booking, channel and amount, opened while the ledger stood where it stands. */
const sameCheckout = (key: CheckoutKey) =>
  and(
    eq(bookingCheckouts.bookingId, key.bookingId),
    eq(bookingCheckouts.channel, key.channel),
    eq(bookingCheckouts.amount, key.amount),
    eq(bookingCheckouts.paidTotal, key.paidTotal),
    eq(bookingCheckouts.refundedTotal, key.refundedTotal),
  );

/** The session opened for the same booking, amount and channel while the ledger has not moved, if any. */
export async function openCheckoutUrl(db: Db, venueId: string, key: CheckoutKey, now = new Date()): Promise<string | null> {
  const [open] = await forVenue(db, venueId).select(
    bookingCheckouts,
    and(sameCheckout(key), gt(bookingCheckouts.createdAt, new Date(now.getTime() - CHECKOUT_OPEN_MS))),
  );
  return open?.url ?? null;
}

/**
 * Keeps a session the provider opened and answers the one kept: when two asks raced, both get
 * the first one stored (the other session is never shown, so it is never paid).
 */
export async function keepCheckout(db: Db, venueId: string, key: CheckoutKey, session: { id: string; url: string }): Promise<string> {
  const stale = and(sameCheckout(key), lt(bookingCheckouts.createdAt, new Date(Date.now() - CHECKOUT_OPEN_MS)));
  // An expired session of the same key gives its place to the new one.
  await forVenue(db, venueId).delete(bookingCheckouts, stale);
  await forVenue(db, venueId)
    .insert(bookingCheckouts, { id: randomUUID(), ...key, providerCheckoutId: session.id, url: session.url })
    .onConflictDoNothing();
  return (await openCheckoutUrl(db, venueId, key)) ?? session.url;
}

/** The provider's ids of the booking's kept sessions other than the one answered at `url`: each may still take a payment. */
export async function otherCheckoutsOf(db: Db, venueId: string, bookingId: string, url: string): Promise<string[]> {
  const rows = await forVenue(db, venueId).select(bookingCheckouts, eq(bookingCheckouts.bookingId, bookingId));
  return rows.filter((row) => row.url !== url).map((row) => row.providerCheckoutId);
}

/** Forgets a session that takes no payment any more (closed, or paid and in the ledger). */
export async function forgetCheckout(db: Db, venueId: string, bookingId: string, providerCheckoutId: string) {
  await forVenue(db, venueId).delete(
    bookingCheckouts,
    and(eq(bookingCheckouts.bookingId, bookingId), eq(bookingCheckouts.providerCheckoutId, providerCheckoutId)),
  );
}

/** Whether the ledger of the booking holds the provider's payment (its webhook event was applied). */
export async function hasCardPayment(db: Db, venueId: string, bookingId: string, providerPaymentId: string): Promise<boolean> {
  return forVenue(db, venueId).exists(
    bookingPayments,
    and(
      eq(bookingPayments.bookingId, bookingId),
      eq(bookingPayments.kind, 'payment'),
      eq(bookingPayments.providerPaymentId, providerPaymentId),
    ),
  );
}
