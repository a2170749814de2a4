import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bookingMoney, formatMoney, loweredTotal, overpaymentToRefund, isLiveStatus } from '@lanebook/core';
import { presenceLabel, type Booking, type refundAnswerSchema } from '@lanebook/core/booking-schemas';
import type { Tx } from '../../db/client.js';
import { AppError, conflict, fieldError } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { givePromocodeBack } from '../promocodes/service.js';
import { lockedBooking, settleLedger, writeRefundRows } from './money.js';
import { bookingOrNotFound, bookingWithLedger, ledgerOf, writeLog, type BookingRow } from './records.js';
import { bookingLanes, bookingPayments, bookings } from './schema.js';
import { recordBookingEvent } from './events.js';

type RefundAnswer = import('zod').infer<typeof refundAnswerSchema>;

/**
 * What staff (and a customer, for cancelling) do to a booking. Each takes the booking's row lock
 * first, checks, changes and logs in one transaction (decision 017).
 */

export interface Actor {
  userName: string;
  moneyFormat: string;
  /** The member acting (kept on the payments and refunds they take, for the cash-up); none for the customer and the provider. */
  userId?: string | null;
}

export const ALREADY_CANCELED = 'This booking is canceled already.';
export const TOO_LATE_TO_CANCEL = (hours: number) =>
  `Online cancellation closes ${hours} hours before the start: call the venue to change this booking.`;

export interface CancelOptions {
  /** Give back this much in the same step (0 or none: cancelling by itself refunds nothing). */
  refundAmount?: number;
  /** Why, kept in the log. */
  reason?: string;
  /** The provider the venue takes cards through now (null: none): card parts of the refund go back through it. */
  cardProvider?: string | null;
}

/**
 * Cancels: the status is canceled, its lanes are free at once and its promocode's use is given
 * back; with a refund, the refund is written in the same transaction (money.ts).
 */
export async function cancelBooking(
  tx: Tx,
  venueId: string,
  bookingId: string,
  actor: Actor,
  options: CancelOptions = {},
  now = new Date(),
): Promise<Booking> {
  // The lanes change: the venue's occupancy key first (decision 015), then the row.
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  if (!isLiveStatus(row.status))
    throw conflict(row.status === 'canceled' ? ALREADY_CANCELED : 'Only a live booking can be canceled.', 'booking_not_live');
  const venue = forVenue(tx, venueId);
  await venue.update(bookingLanes, eq(bookingLanes.bookingId, bookingId), { holds: false });
  const [changed] = await venue
    .update(bookings, eq(bookings.id, bookingId), { status: 'canceled', canceledAt: now, updatedAt: now })
    .returning();
  if (row.appliedPromocode) await givePromocodeBack(tx, venueId, row.appliedPromocode);
  await writeLog(
    tx,
    venueId,
    bookingId,
    'cancel',
    options.reason ? `Booking canceled: ${options.reason}` : 'Booking canceled',
    actor.userName,
  );
  if (!options.refundAmount) return recordBookingEvent(tx, venueId, 'booking.canceled', await bookingWithLedger(tx, venueId, changed));
  // Staff chose how much to give back: a no-show's deposit is theirs to refund too.
  await writeRefundRows(
    tx,
    venueId,
    changed,
    { amount: options.refundAmount, overrideDeposit: true },
    actor,
    options.cardProvider ?? null,
    now,
  );
  return recordBookingEvent(tx, venueId, 'booking.canceled', await settleLedger(tx, venueId, bookingId));
}

/** A product's cancellation period; 24 hours when the product is unknown (decision 017). */
export interface CancellationPeriod {
  amount: number;
  unit: 'hours' | 'days';
}
export const cancellationPeriodOf = (
  product: { cancellationPeriodAmount: number; cancellationPeriodUnit: 'hours' | 'days' } | null | undefined,
): CancellationPeriod => ({ amount: product?.cancellationPeriodAmount ?? 24, unit: product?.cancellationPeriodUnit ?? 'hours' });
export const periodHours = (period: CancellationPeriod) => (period.unit === 'days' ? period.amount * 24 : period.amount);

/**
 * Until when the customer may cancel or move a booking online (decision 024): its start less the
 * product's cancellation period; null for a booking that is no longer live (canceled, abandoned).
 */
export function customerDeadline(booking: { status: string; startsAt: Date }, period: CancellationPeriod): Date | null {
  if (!isLiveStatus(booking.status)) return null;
  return new Date(booking.startsAt.getTime() - periodHours(period) * 3600_000);
}

/** The customer's cancellation: until the product's cancellation period before the start (24 hours unless set). */
export function assertCustomerMayCancel(row: BookingRow, period: CancellationPeriod, now = new Date()) {
  const until = new Date(row.startsAt.getTime() - periodHours(period) * 3600_000);
  if (now >= until) throw new AppError(409, 'cancellation_closed', TOO_LATE_TO_CANCEL(periodHours(period)));
}

async function changeAndLog(
  tx: Tx,
  venueId: string,
  bookingId: string,
  changes: Partial<Pick<BookingRow, 'presenceStatus' | 'isSaved'>>,
  /** The entry's text, or a function of the changed row. */
  log: { type: 'update' | 'custom'; text: string | ((changed: BookingRow) => string) },
  actor: Actor,
): Promise<Booking> {
  await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  const [row] = await forVenue(tx, venueId)
    .update(bookings, eq(bookings.id, bookingId), { ...changes, updatedAt: new Date() })
    .returning();
  await writeLog(tx, venueId, bookingId, log.type, typeof log.text === 'string' ? log.text : log.text(row), actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.updated', await bookingWithLedger(tx, venueId, row));
}

export const setPresence = (tx: Tx, venueId: string, bookingId: string, presenceStatus: BookingRow['presenceStatus'], actor: Actor) =>
  changeAndLog(
    tx,
    venueId,
    bookingId,
    { presenceStatus },
    { type: 'update', text: (changed) => `Presence: ${presenceLabel(changed)}` },
    actor,
  );

export const setSaved = (tx: Tx, venueId: string, bookingId: string, isSaved: boolean, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, { isSaved }, { type: 'update', text: isSaved ? 'Saved' : 'No longer saved' }, actor);

export const addNote = (tx: Tx, venueId: string, bookingId: string, text: string, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, {}, { type: 'custom', text }, actor);

/** A payment is taken on a live booking, for at most what is due. */
export function assertCollectable(row: BookingRow, amount: number, due: number, actor: Actor) {
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
  actor: Actor,
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
  await writeLog(
    tx,
    venueId,
    bookingId,
    'paid',
    `Collected ${formatMoney(payment.amount, actor.moneyFormat)} by ${method}`,
    actor.userName,
  );
  const settled = await settleLedger(tx, venueId, row.id);
  return recordBookingEvent(tx, venueId, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
}

export const CARD_METHOD = 'Card';

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
  request: { amount: number; overrideDeposit?: boolean; lowerPrice?: boolean },
  actor: Actor,
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
    await writeLog(
      tx,
      venueId,
      bookingId,
      'update',
      `Price lowered by ${formatMoney(request.amount, actor.moneyFormat)} to ${formatMoney(total, actor.moneyFormat)} with the refund`,
      actor.userName,
    );
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
  actor: Actor,
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
    await writeLog(
      tx,
      venueId,
      bookingId,
      'paid',
      `Card payment of ${formatMoney(payment.amount, actor.moneyFormat)} received`,
      actor.userName,
    );
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
    await writeLog(
      tx,
      venueId,
      bookingId,
      'refund',
      `Card refund of ${formatMoney(amount, actor.moneyFormat)} made at the payment provider`,
      actor.userName,
    );
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
      { amount: excess, overrideDeposit: true, paymentId: paymentRow.id, logText: 'Refunded overpayment:' },
      actor,
      payment.provider,
    );
    settled = await settleLedger(tx, venueId, bookingId);
  }
  return recordBookingEvent(tx, venueId, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
}

/** Deletes a booking and everything of it (its lanes, log and ledger go by cascade). */
export async function deleteBooking(tx: Tx, venueId: string, bookingId: string) {
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  // A canceled or abandoned booking gave its promocode's use back already; a live one does now.
  if (row.appliedPromocode && isLiveStatus(row.status)) await givePromocodeBack(tx, venueId, row.appliedPromocode);
  await forVenue(tx, venueId).delete(bookings, eq(bookings.id, bookingId));
}
