import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { upsellItems } from './schema.js';

/** The upsell items named that are on sale (not paused). */
export async function upsellItemsOnSale(
  tx: Db | Tx,
  venueId: string,
  ids: string[],
): Promise<{ id: string; name: string; price: number }[]> {
  if (ids.length === 0) return [];
  const rows = await forVenue(tx, venueId).select(upsellItems, and(inArray(upsellItems.id, ids), eq(upsellItems.isPaused, false)));
  return rows.map((r) => ({ id: r.id, name: r.name, price: r.price }));
}

export interface UpsellItemOnOffer {
  id: string;
  name: string;
  description: string;
  price: number;
  image: string;
}

/** Every upsell item of the venue on sale (not paused), with what the widget shows of it. */
export async function upsellItemsOnOffer(tx: Db | Tx, venueId: string): Promise<UpsellItemOnOffer[]> {
  const rows = await forVenue(tx, venueId).select(upsellItems, eq(upsellItems.isPaused, false));
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, price: r.price, image: r.image }));
}
