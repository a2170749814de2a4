import { and, eq, sql } from 'drizzle-orm';
import { LANE_DELETE_BLOCKED } from '@lanebook/core';
import { bookings, products } from '../../db/schema/index.js';
import type { CollectionContext } from '../../platform/collections.js';
import { AppError } from '../../platform/errors.js';
import { holdsLanesFromNow } from '../bookings/predicates.js';

/** Bookings that still hold the lane (bookings/predicates.ts). */
export async function hasUpcomingBookings(ctx: CollectionContext, laneId: string): Promise<boolean> {
  const [found] = await ctx.tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.venueId, ctx.venueId), holdsLanesFromNow(), sql`${bookings.resourceIds} @> ${JSON.stringify([laneId])}::jsonb`))
    .limit(1);
  return Boolean(found);
}

/**
 * A lane with upcoming bookings cannot be deleted. Otherwise the
 * products that offered it stop offering it, in the same transaction.
 */
export async function deleteLaneRules(ctx: CollectionContext, laneId: string) {
  if (await hasUpcomingBookings(ctx, laneId)) {
    throw new AppError(409, 'lane_has_upcoming_bookings', LANE_DELETE_BLOCKED, { title: 'Warning' });
  }
  await ctx.tx
    .update(products)
    .set({ resources: sql`${products.resources} - ${laneId}`, updatedAt: new Date() })
    .where(and(eq(products.venueId, ctx.venueId), sql`${products.resources} @> ${JSON.stringify([laneId])}::jsonb`));
}
