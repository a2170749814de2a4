import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { terms } from './schema.js';

/** The terms named (the widget shows a product's terms for the customer to accept). */
export async function termsByIds(tx: Db | Tx, venueId: string, ids: string[]): Promise<{ id: string; name: string; text: string }[]> {
  if (ids.length === 0) return [];
  const rows = await forVenue(tx, venueId).select(terms, inArray(terms.id, ids));
  return rows.map((r) => ({ id: r.id, name: r.name, text: r.text }));
}
