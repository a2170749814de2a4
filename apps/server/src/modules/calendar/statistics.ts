import { and, eq, gte, inArray, lte, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { slots } from './schema.js';
import { venueClosedOnSlotDate } from './service.js';

/**
 * The slot time the dashboard's occupancy divides by (issue 24): the minutes of each product's
 * slots per venue date, on the days the venue works (a slot on a day since closed does not count).
 * The statistics module multiplies them by each product's lanes that are not paused.
 */
export async function slotMinutesByDate(db: Db, venueId: string, from: string, to: string, productId: string | null) {
  const venue = forVenue(db, venueId);
  const rows = await db
    .select({
      date: slots.date,
      productId: slots.productId,
      minutes: sql<number>`sum(round(extract(epoch from ${slots.endsAt} - ${slots.startsAt}) / 60))::bigint`,
    })
    // eslint-disable-next-line no-restricted-syntax -- forVenue has no GROUP BY: the where is the venue's scope (venue.scope)
    .from(slots)
    .where(
      venue.scope(
        slots,
        and(
          gte(slots.date, from),
          lte(slots.date, to),
          productId === null ? undefined : eq(slots.productId, productId),
          not(venueClosedOnSlotDate),
        ),
      ),
    )
    .groupBy(slots.date, slots.productId);
  return rows.map((row) => ({ date: row.date, productId: row.productId, minutes: Number(row.minutes) }));
}

/** The period's slots on working days, their instants (a chart's hours, the heatmap). */
export async function workingSlotsBetween(db: Db, venueId: string, from: string, to: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return forVenue(db, venueId).selectFields(
    slots,
    { productId: slots.productId, startsAt: slots.startsAt, endsAt: slots.endsAt },
    and(gte(slots.date, from), lte(slots.date, to), inArray(slots.productId, productIds), not(venueClosedOnSlotDate)),
  );
}
