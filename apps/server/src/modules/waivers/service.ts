import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { waivers } from './schema.js';

/** What other modules read of waivers: the signatures module, the waiver a product's bookings sign. */
export async function waiverById(tx: Db | Tx, venueId: string, waiverId: string) {
  return forVenue(tx, venueId).first(waivers, eq(waivers.id, waiverId));
}
