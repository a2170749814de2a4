import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { waivers } from './schema.js';

/** What other modules read of waivers: the signatures module, the waiver a product's bookings sign. */
export async function waiverById(tx: Db | Tx, venueId: string, waiverId: string) {
  return forVenue(tx, venueId).first(waivers, eq(waivers.id, waiverId));
}

/** Which of the ids name a waiver of the venue (a product with one has its bookings signed). */
export async function existingWaiverIds(tx: Db | Tx, venueId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await forVenue(tx, venueId).selectFields(waivers, { id: waivers.id }, inArray(waivers.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * The version of the venue's waiver (migration 0020 counts the changes of what is signed) and how
 * long a signature of it counts for a guest's later bookings, or null when there is none.
 */
export async function waiverToSign(
  tx: Db | Tx,
  venueId: string,
  waiverId: string,
): Promise<{ id: string; version: number; validForMonths: number } | null> {
  const [row] = await forVenue(tx, venueId).selectFields(
    waivers,
    { id: waivers.id, version: waivers.version, validForMonths: waivers.validForMonths },
    eq(waivers.id, waiverId),
  );
  return row ?? null;
}
