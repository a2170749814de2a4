import { and, gte, inArray, lte, not } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { slots } from './schema.js';
import { venueClosedOnSlotDate } from './service.js';

/** The period's slots on working days, their instants (a chart's hours, the heatmap). */
export async function workingSlotsBetween(db: Db, venueId: string, from: string, to: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return forVenue(db, venueId).selectFields(
    slots,
    { productId: slots.productId, startsAt: slots.startsAt, endsAt: slots.endsAt },
    and(gte(slots.date, from), lte(slots.date, to), inArray(slots.productId, productIds), not(venueClosedOnSlotDate)),
  );
}
