import { and, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { LIVE_BOOKING_STATUSES, PRODUCT_KEEPING_STATUSES } from '@lanebook/core';
import { bookings } from './schema.js';

/**
 * What "a booking that blocks this" means, named once by the module that owns bookings. Other
 * modules use these instead of writing their own status lists; the lists are core's.
 */

/** A booking still to come that holds its lanes (a lane with one cannot be deleted). */
export function holdsLanesFromNow(): SQL {
  return and(gt(bookings.endsAt, sql`now()`), inArray(bookings.status, [...LIVE_BOOKING_STATUSES]))!;
}

/**
 * A booking to come that keeps its product alive: waiting for payment or paid, unless it was
 * refunded with nothing paid left.
 */
export function keepsProductFromNow(): SQL {
  return and(
    gt(bookings.startsAt, sql`now()`),
    inArray(bookings.status, [...PRODUCT_KEEPING_STATUSES]),
    sql`not (${bookings.isRefunded} and ${bookings.paidTotal} - ${bookings.refundedTotal} <= 0)`,
  )!;
}
