import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { holdsLanesFromNow, keepsProductFromNow } from './predicates.js';
import { bookings } from './schema.js';

/** What other modules ask about bookings (a lane's or a product's deletion), in the caller's transaction. */

/** A booking still to come holds the lane (predicates.ts). */
export async function laneHasUpcomingBookings(tx: Db | Tx, venueId: string, laneId: string): Promise<boolean> {
  return forVenue(tx, venueId).exists(
    bookings,
    and(holdsLanesFromNow(), sql`${bookings.resourceIds} @> ${JSON.stringify([laneId])}::jsonb`),
  );
}

/** A booking to come keeps the product (predicates.ts). */
export async function productHasBookingsToCome(tx: Db | Tx, venueId: string, productId: string): Promise<boolean> {
  return forVenue(tx, venueId).exists(bookings, and(eq(bookings.productId, productId), keepsProductFromNow()));
}
