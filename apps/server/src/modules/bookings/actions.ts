import { eq } from 'drizzle-orm';
import { isLiveStatus } from '@lanebook/core';
import type { BookingEvent } from '@lanebook/core/booking-events';
import type { Booking } from '@lanebook/core/booking-schemas';
import { presenceShown } from '@lanebook/core/presence';
import type { Tx } from '../../db/client.js';
import { AppError, conflict } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { givePromocodeBack } from '../promocodes/service.js';
import { settleLedger, writeRefundRows, type MoneyActor } from './money.js';
import { bookingOrNotFound, bookingWithLedger, writeLog, type BookingRow } from './records.js';
import { bookingLanes, bookings } from './schema.js';
import { recordBookingEvent } from './events.js';

/**
 * What staff (and a customer, for cancelling) do to a booking. Each takes the booking's row lock
 * first, checks, changes and logs in one transaction (decision 017).
 */

/** Who acts: a member (kept on the payments and refunds they take, for the cash-up), the customer or the provider. */
export type Actor = MoneyActor;

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
  /** Gift card parts go back to their cards unless staff give them in cash (this method of the venue's). */
  giftCardRefundTo?: { method: string };
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
  await writeLog(tx, venueId, bookingId, { type: 'canceled', reason: options.reason || null }, actor.userName);
  if (!options.refundAmount) return recordBookingEvent(tx, venueId, 'booking.canceled', await bookingWithLedger(tx, venueId, changed));
  // Staff chose how much to give back: a no-show's deposit is theirs to refund too.
  await writeRefundRows(
    tx,
    venueId,
    changed,
    { amount: options.refundAmount, overrideDeposit: true, giftCardRefundTo: options.giftCardRefundTo },
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
  /** The entry's event, or a function of the changed row. */
  log: BookingEvent | ((changed: BookingRow) => BookingEvent),
  actor: Actor,
): Promise<Booking> {
  await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  const [row] = await forVenue(tx, venueId)
    .update(bookings, eq(bookings.id, bookingId), { ...changes, updatedAt: new Date() })
    .returning();
  await writeLog(tx, venueId, bookingId, typeof log === 'function' ? log(row) : log, actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.updated', await bookingWithLedger(tx, venueId, row));
}

export const setPresence = (tx: Tx, venueId: string, bookingId: string, presenceStatus: BookingRow['presenceStatus'], actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, { presenceStatus }, (changed) => ({ type: 'presence', presence: presenceShown(changed) }), actor);

export const setSaved = (tx: Tx, venueId: string, bookingId: string, isSaved: boolean, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, { isSaved }, { type: 'saved', saved: isSaved }, actor);

export const addNote = (tx: Tx, venueId: string, bookingId: string, text: string, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, {}, { type: 'note', text }, actor);

/** Deletes a booking and everything of it (its lanes, log and ledger go by cascade). */
export async function deleteBooking(tx: Tx, venueId: string, bookingId: string) {
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  // A canceled or abandoned booking gave its promocode's use back already; a live one does now.
  if (row.appliedPromocode && isLiveStatus(row.status)) await givePromocodeBack(tx, venueId, row.appliedPromocode);
  await forVenue(tx, venueId).delete(bookings, eq(bookings.id, bookingId));
}
