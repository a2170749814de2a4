import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { affiliates } from './schema.js';

export type Affiliate = typeof affiliates.$inferSelect;

/** An active affiliate of the venue, or null. */
export async function activeAffiliate(tx: Db | Tx, venueId: string, id: string): Promise<Affiliate | null> {
  return (await forVenue(tx, venueId).first(affiliates, and(eq(affiliates.id, id), eq(affiliates.isActive, true)))) ?? null;
}
