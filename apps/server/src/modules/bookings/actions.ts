import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatMoney } from '@lanebook/core';
import { PRESENCE_LABELS, type Booking } from '@lanebook/core/booking-schemas';
import type { Tx } from '../../db/client.js';
import { AppError, conflict } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { fieldError } from '../calendar/service.js';
import { paymentsOf, spreadRefund, sumsOf, totalsOf } from './ledger.js';
import { LANE_HOLDING_STATUSES } from './predicates.js';
import { bookingAnswer, bookingOrNotFound, bookingWithLedger, ledgerOf, writeLog, type BookingRow } from './records.js';
import { bookingLanes, bookingPayments, bookings } from './schema.js';
import { recordBookingEvent } from './events.js';

/**
 * What staff (and a customer, for cancelling) do to a booking. Each takes the booking's row lock
 * first, checks, changes and logs in one transaction (decision 017).
 */

export interface Actor {
  userName: string;
  moneyFormat: string;
}

/** Bookings that hold their lanes (predicates.ts) are the live ones. */
const LIVE = new Set<string>(LANE_HOLDING_STATUSES);

export const ALREADY_CANCELED = 'This booking is canceled already.';
export const TOO_LATE_TO_CANCEL = (hours: number) =>
  `Online cancellation closes ${hours} hours before the start: call the venue to change this booking.`;

/** Cancels: the status is canceled and its lanes are free at once. */
export async function cancelBooking(tx: Tx, venueId: string, bookingId: string, actor: Actor, now = new Date()): Promise<Booking> {
  // The lanes change: the venue's occupancy key first (decision 015), then the row.
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  if (!LIVE.has(row.status))
    throw conflict(row.status === 'canceled' ? ALREADY_CANCELED : 'Only a live booking can be canceled.', 'booking_not_live');
  const venue = forVenue(tx, venueId);
  await venue.update(bookingLanes, eq(bookingLanes.bookingId, bookingId), { holds: false });
  const [changed] = await venue
    .update(bookings, eq(bookings.id, bookingId), { status: 'canceled', canceledAt: now, updatedAt: now })
    .returning();
  await writeLog(tx, venueId, bookingId, 'cancel', 'Booking canceled', actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.canceled', await bookingWithLedger(tx, venueId, changed));
}

/** The customer's cancellation: until the product's cancellation period before the start (24 hours unless set). */
export function assertCustomerMayCancel(row: BookingRow, period: { amount: number; unit: 'hours' | 'days' }, now = new Date()) {
  const hours = period.unit === 'days' ? period.amount * 24 : period.amount;
  if (row.startsAt.getTime() - now.getTime() < hours * 3600_000) throw new AppError(409, 'cancellation_closed', TOO_LATE_TO_CANCEL(hours));
}

async function changeAndLog(
  tx: Tx,
  venueId: string,
  bookingId: string,
  changes: Partial<Pick<BookingRow, 'presenceStatus' | 'isSaved'>>,
  log: { type: 'update' | 'custom'; text: string },
  actor: Actor,
): Promise<Booking> {
  await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  const [row] = await forVenue(tx, venueId)
    .update(bookings, eq(bookings.id, bookingId), { ...changes, updatedAt: new Date() })
    .returning();
  await writeLog(tx, venueId, bookingId, log.type, log.text, actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.updated', await bookingWithLedger(tx, venueId, row));
}

export const setPresence = (tx: Tx, venueId: string, bookingId: string, presenceStatus: BookingRow['presenceStatus'], actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, { presenceStatus }, { type: 'update', text: `Presence: ${PRESENCE_LABELS[presenceStatus]}` }, actor);

export const setSaved = (tx: Tx, venueId: string, bookingId: string, isSaved: boolean, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, { isSaved }, { type: 'update', text: isSaved ? 'Saved' : 'No longer saved' }, actor);

export const addNote = (tx: Tx, venueId: string, bookingId: string, text: string, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, {}, { type: 'custom', text }, actor);

/** Records the ledger's new sums on the booking (paid when nothing is due) and returns it. */
async function settle(tx: Tx, venueId: string, row: BookingRow): Promise<Booking> {
  const ledger = await ledgerOf(tx, venueId, row.id);
  const { paid, refunded } = sumsOf(ledger);
  const { due } = totalsOf(row.total, paid, refunded);
  const status = row.status === 'wait_for_payment' && due === 0 ? 'paid' : row.status;
  const [changed] = await forVenue(tx, venueId)
    .update(bookings, eq(bookings.id, row.id), {
      paidTotal: paid,
      refundedTotal: refunded,
      isRefunded: refunded > 0,
      status,
      updatedAt: new Date(),
    })
    .returning();
  return bookingAnswer(changed, ledger);
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
  if (!LIVE.has(row.status)) throw conflict('Payments are taken on live bookings only.', 'booking_not_live');
  const { due } = totalsOf(row.total, row.paidTotal, row.refundedTotal);
  if (payment.amount > due) throw fieldError(`Only ${formatMoney(due, actor.moneyFormat)} is due`, 'amount');
  await forVenue(tx, venueId).insert(bookingPayments, {
    id: randomUUID(),
    bookingId,
    kind: 'payment',
    amount: payment.amount,
    method,
    userName: actor.userName,
  });
  await writeLog(
    tx,
    venueId,
    bookingId,
    'paid',
    `Collected ${formatMoney(payment.amount, actor.moneyFormat)} by ${method}`,
    actor.userName,
  );
  const settled = await settle(tx, venueId, row);
  return recordBookingEvent(tx, venueId, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
}

/**
 * Refunds an amount, newest payment first, never more than was paid and not yet refunded: the
 * row lock makes twenty refunds at once add up to at most that.
 */
export async function refundPayment(
  tx: Tx,
  venueId: string,
  bookingId: string,
  amount: number,
  actor: Actor,
): Promise<{ booking: Booking; refunds: { amount: number; paymentMethodAlias: string; date: string }[] }> {
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  const parts = spreadRefund(paymentsOf(await ledgerOf(tx, venueId, bookingId)), amount);
  if (!parts) {
    const refundable = row.paidTotal - row.refundedTotal;
    throw fieldError(`At most ${formatMoney(refundable, actor.moneyFormat)} can be refunded`, 'amount');
  }
  const now = new Date();
  for (const part of parts) {
    await forVenue(tx, venueId).insert(bookingPayments, {
      id: randomUUID(),
      bookingId,
      kind: 'refund',
      amount: part.amount,
      method: part.payment.paymentMethodAlias,
      refundOf: part.payment.id,
      userName: actor.userName,
      createdAt: now,
    });
  }
  const text = parts.map((p) => `${formatMoney(p.amount, actor.moneyFormat)} to ${p.payment.paymentMethodAlias}`).join(', ');
  await writeLog(tx, venueId, bookingId, 'refund', `Refunded ${text}`, actor.userName);
  return {
    booking: await recordBookingEvent(tx, venueId, 'booking.refunded', await settle(tx, venueId, row)),
    refunds: parts.map((p) => ({ amount: p.amount, paymentMethodAlias: p.payment.paymentMethodAlias, date: now.toISOString() })),
  };
}

/** Deletes a booking and everything of it (its lanes, log and ledger go by cascade). */
export async function deleteBooking(tx: Tx, venueId: string, bookingId: string) {
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  await forVenue(tx, venueId).delete(bookings, eq(bookings.id, bookingId));
}
