import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { Db, Tx } from '../../db/client.js';
import { lockKeys, slotOccupancyKey, withTransaction } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { givePromocodeBack } from '../promocodes/service.js';
import { bookingOrNotFound, bookingWithLedger, writeLog } from './records.js';
import { recordBookingEvent } from './events.js';
import { bookingLanes, bookings } from './schema.js';

/**
 * Abandoned bookings (decision 019): an online booking still unpaid at its `abandonAt` (made
 * plus the venue's abandonAfterMinutes) becomes abandoned and frees its lanes. A pg-boss job
 * sweeps every minute; each booking changes in a transaction of its own that takes its row lock
 * and checks again, so two processes sweeping at once abandon it once. Its customer then gets the
 * venue's active abandoned template, with the link back to the booking's page (mail.ts).
 */

export const ABANDON_QUEUE = 'abandon-bookings';
/** The longest sweep: the rest waits for the next minute. */
const SWEEP_LIMIT = 500;

/** Abandons the booking if it is still due to be; answers it abandoned, or null when it was not. */
export async function abandonBooking(tx: Tx, venueId: string, bookingId: string, now = new Date()): Promise<Booking | null> {
  // Its lanes change: the venue's occupancy key first (decision 015), then the row.
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  if (row.status !== 'wait_for_payment' || row.paidTotal > 0 || !row.abandonAt || row.abandonAt > now) return null;
  const venue = forVenue(tx, venueId);
  await venue.update(bookingLanes, eq(bookingLanes.bookingId, bookingId), { holds: false });
  const [changed] = await venue.update(bookings, eq(bookings.id, bookingId), { status: 'abandoned', updatedAt: now }).returning();
  if (row.appliedPromocode) await givePromocodeBack(tx, venueId, row.appliedPromocode);
  const minutes = Math.round((row.abandonAt.getTime() - row.createdAt.getTime()) / 60_000);
  await writeLog(tx, venueId, bookingId, { type: 'abandoned', minutes }, 'Lanebook');
  return recordBookingEvent(tx, venueId, 'booking.updated', await bookingWithLedger(tx, venueId, changed));
}

/**
 * Abandons every booking overdue at `now`, each in its own transaction; answers how many.
 * `abandoned` runs in each booking's transaction (the abandoned mail is written there).
 */
export async function abandonOverdueBookings(
  db: Db,
  now = new Date(),
  abandoned?: (tx: Tx, venueId: string, booking: Booking) => Promise<void>,
): Promise<number> {
  const overdue = await db
    .select({ venueId: bookings.venueId, id: bookings.id })
    // eslint-disable-next-line no-restricted-syntax -- the sweep serves every venue: it reads overdue bookings across venues, then changes each within its own venue
    .from(bookings)
    .where(and(eq(bookings.status, 'wait_for_payment'), isNotNull(bookings.abandonAt), lte(bookings.abandonAt, now)))
    .orderBy(asc(bookings.abandonAt))
    .limit(SWEEP_LIMIT);
  let count = 0;
  for (const booking of overdue) {
    const changed = await withTransaction(db, async (tx) => {
      const done = await abandonBooking(tx, booking.venueId, booking.id, now);
      if (done) await abandoned?.(tx, booking.venueId, done);
      return done;
    });
    if (changed) count += 1;
  }
  return count;
}
