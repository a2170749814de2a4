import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { affiliates } from './schema.js';

export type Affiliate = typeof affiliates.$inferSelect;

/** An active affiliate of the venue, or null. */
export async function activeAffiliate(tx: Db | Tx, venueId: string, id: string): Promise<Affiliate | null> {
  return (await forVenue(tx, venueId).first(affiliates, and(eq(affiliates.id, id), eq(affiliates.isActive, true)))) ?? null;
}

/** An affiliate of the venue, active or not (its statement), or null: another venue's is null too. */
export async function affiliateById(tx: Db | Tx, venueId: string, id: string): Promise<Affiliate | null> {
  return (await forVenue(tx, venueId).first(affiliates, eq(affiliates.id, id))) ?? null;
}

/** Every affiliate's id in the venue, by name (the summary lists each, with or without bookings). */
export async function affiliateIds(tx: Db | Tx, venueId: string): Promise<string[]> {
  const rows = await forVenue(tx, venueId).selectFields(affiliates, { id: affiliates.id }, undefined, { orderBy: [asc(affiliates.name)] });
  return rows.map((row) => row.id);
}
