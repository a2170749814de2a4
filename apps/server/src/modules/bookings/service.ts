import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { holdsLanesFromNow, keepsProductFromNow } from './predicates.js';
import { bookings } from './schema.js';

/** What other modules ask about bookings (a lane's or a product's deletion), in the caller's transaction. */

/** A booking still to come holds the lane (predicates.ts). */
export async function laneHasUpcomingBookings(tx: Db | Tx, venueId: string, laneId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.venueId, venueId), holdsLanesFromNow(), sql`${bookings.resourceIds} @> ${JSON.stringify([laneId])}::jsonb`))
    .limit(1);
  return Boolean(found);
}

/** A booking to come keeps the product (predicates.ts). */
export async function productHasBookingsToCome(tx: Db | Tx, venueId: string, productId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.venueId, venueId), eq(bookings.productId, productId), keepsProductFromNow()))
    .limit(1);
  return Boolean(found);
}
