import { LANE_DELETE_BLOCKED } from '@lanebook/core';
import type { CollectionContext } from '../../platform/collections.js';
import { AppError } from '../../platform/errors.js';
import { laneHasUpcomingBookings } from '../bookings/service.js';
import { stopOfferingLane } from '../products/service.js';

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
