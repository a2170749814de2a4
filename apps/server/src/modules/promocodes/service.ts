import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { promocodes } from './schema.js';

export type Promocode = typeof promocodes.$inferSelect;

/** A promocode a customer may use now: its code (any case), active, not used up. Null otherwise. */
export async function usablePromocode(tx: Db | Tx, venueId: string, code: string): Promise<Promocode | null> {
  const found = await forVenue(tx, venueId).first(promocodes, eq(sql`lower(${promocodes.code})`, code.toLowerCase()));
  if (!found || !found.isActive || found.useCount >= found.maxUseNumber) return null;
  return found;
}
