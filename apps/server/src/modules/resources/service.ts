import { eq, inArray } from 'drizzle-orm';
import { LANE_DELETE_BLOCKED } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import type { CollectionContext } from '../../platform/collections.js';
import { AppError } from '../../platform/errors.js';
import { laneHasUpcomingBookings } from '../bookings/service.js';
import { stopOfferingLane } from '../products/service.js';
import { resources } from './schema.js';

/**
 * A lane with upcoming bookings (bookings/predicates.ts) cannot be deleted. Otherwise the
 * products that offered it stop offering it, in the same transaction.
 */
export async function deleteLaneRules(ctx: CollectionContext, laneId: string) {
  if (await laneHasUpcomingBookings(ctx.tx, ctx.venueId, laneId)) {
    throw new AppError(409, 'lane_has_upcoming_bookings', LANE_DELETE_BLOCKED, { title: 'Warning' });
  }
  await stopOfferingLane(ctx, laneId);
}

/** The lanes named (a product's), with what availability needs: capacity, minimum and whether paused. */
export async function lanesByIds(
  tx: Db | Tx,
  venueId: string,
  laneIds: string[],
): Promise<{ id: string; capacity: number; minCapacity: number; isPaused: boolean }[]> {
  if (laneIds.length === 0) return [];
  // Only these columns: a product may have a hundred lanes, and every booking reads them.
  return forVenue(tx, venueId).selectFields(
    resources,
    { id: resources.id, capacity: resources.capacity, minCapacity: resources.minCapacity, isPaused: resources.isPaused },
    inArray(resources.id, laneIds),
  );
}

/** The ids of the venue's lanes that are not paused (the setup checklist's lanes). */
export async function activeLaneIds(db: Db | Tx, venueId: string): Promise<string[]> {
  const rows = await forVenue(db, venueId).selectFields(resources, { id: resources.id }, eq(resources.isPaused, false));
  return rows.map((row) => row.id);
}
