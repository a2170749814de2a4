import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { promocodes } from './schema.js';

export type Promocode = typeof promocodes.$inferSelect;

/** The venue's promocode of this code (any case), used up or not: a booking that took it keeps it when it is edited. */
export async function promocodeByCode(tx: Db | Tx, venueId: string, code: string): Promise<Promocode | null> {
  return (await forVenue(tx, venueId).first(promocodes, eq(sql`lower(${promocodes.code})`, code.toLowerCase()))) ?? null;
}

/** A promocode a customer may use now: its code (any case), active, not used up. Null otherwise. */
export async function usablePromocode(tx: Db | Tx, venueId: string, code: string): Promise<Promocode | null> {
  const found = await promocodeByCode(tx, venueId, code);
  if (!found || !found.isActive || found.useCount >= found.maxUseNumber) return null;
  return found;
}

/**
 * Counts one use of the promocode, in the booking's transaction: false when it was used up,
 * paused or deleted meanwhile (the row's own check, so two bookings never take its last use).
 */
export async function usePromocode(tx: Tx, venueId: string, id: string): Promise<boolean> {
  const used = await forVenue(tx, venueId)
    .update(promocodes, and(eq(promocodes.id, id), eq(promocodes.isActive, true), lt(promocodes.useCount, promocodes.maxUseNumber)), {
      useCount: sql`${promocodes.useCount} + 1`,
    })
    .returning({ id: promocodes.id });
  return used.length === 1;
}

/**
 * Gives back the use a booking took (it was canceled, abandoned or deleted while live), in that
 * change's transaction: one atomic update, so uses given back and taken at once still add up.
 * A code renamed or deleted since has nothing to give back to.
 */
export async function givePromocodeBack(tx: Tx, venueId: string, code: string): Promise<void> {
  await forVenue(tx, venueId).update(promocodes, and(eq(sql`lower(${promocodes.code})`, code.toLowerCase()), gt(promocodes.useCount, 0)), {
    useCount: sql`${promocodes.useCount} - 1`,
  });
}
