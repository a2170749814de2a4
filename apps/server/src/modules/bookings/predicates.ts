import { and, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { bookings } from './schema.js';

/**
 * What "a booking that blocks this" means, named once by the module that owns bookings.
 * Other modules use these instead of writing their own status lists.
 */

/** Statuses of a booking that holds its lanes: not canceled and not abandoned. */
export const LANE_HOLDING_STATUSES = ['new', 'wait_for_payment', 'paid'] as const;

/** A booking still to come that holds its lanes (a lane with one cannot be deleted). */
export function holdsLanesFromNow(): SQL {
  return and(gt(bookings.endsAt, sql`now()`), inArray(bookings.status, [...LANE_HOLDING_STATUSES]))!;
}

/**
 * A booking to come that keeps its product alive: waiting for payment or paid, unless it was
 * refunded with nothing paid left.
 */
export function keepsProductFromNow(): SQL {
  return and(
    gt(bookings.startsAt, sql`now()`),
    inArray(bookings.status, ['wait_for_payment', 'paid']),
    sql`not (${bookings.isRefunded} and ${bookings.paidTotal} - ${bookings.refundedTotal} <= 0)`,
  )!;
}
