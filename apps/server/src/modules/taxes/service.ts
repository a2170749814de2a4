import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { taxes } from './schema.js';

/** The taxes named (a product's), with their rates. */
export async function taxesByIds(tx: Db | Tx, venueId: string, ids: string[]): Promise<{ id: string; name: string; rate: number }[]> {
  if (ids.length === 0) return [];
  const rows = await forVenue(tx, venueId).select(taxes, inArray(taxes.id, ids));
  return rows.map((r) => ({ id: r.id, name: r.name, rate: r.rate }));
}
