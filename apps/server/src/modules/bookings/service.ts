import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { holdsLanesFromNow, keepsProductFromNow, LANE_HOLDING_STATUSES } from './predicates.js';
import { bookingLanes, bookings } from './schema.js';

/** What other modules ask about bookings (a lane's or a product's deletion), in the caller's transaction. */

/** A booking still to come holds the lane (predicates.ts). */
export async function laneHasUpcomingBookings(tx: Db | Tx, venueId: string, laneId: string): Promise<boolean> {
  return forVenue(tx, venueId).exists(
    bookings,
    and(holdsLanesFromNow(), sql`${bookings.resourceIds} @> ${JSON.stringify([laneId])}::jsonb`),
  );
}

/** A booking to come keeps the product (predicates.ts). */
export async function productHasBookingsToCome(tx: Db | Tx, venueId: string, productId: string): Promise<boolean> {
  return forVenue(tx, venueId).exists(bookings, and(eq(bookings.productId, productId), keepsProductFromNow()));
}

/** Of the slots named, those a live booking (one that holds its lanes) is on: they cannot be moved or deleted. */
export async function slotsWithLiveBookings(tx: Db | Tx, venueId: string, slotIds: string[]): Promise<Set<string>> {
  if (slotIds.length === 0) return new Set();
  const rows = await forVenue(tx, venueId).select(
    bookings,
    and(
      inArray(bookings.status, [...LANE_HOLDING_STATUSES]),
      sql`${bookings.slotIds} ?| array[${sql.join(
        slotIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`,
    ),
  );
  const wanted = new Set(slotIds);
  return new Set(rows.flatMap((row) => row.slotIds.filter((id) => wanted.has(id))));
}

/**
 * For each interval, the lanes among `laneIds` that a holding booking occupies during it: one
 * query, each interval probing the no-double-booking GiST index (venue, lane, time range), so
 * only lane ids come back, never the month's bookings. `exceptBookingId` leaves that booking out
 * (a booking being moved).
 */
export async function busyLanesDuring(
  tx: Db | Tx,
  venueId: string,
  laneIds: string[],
  intervals: { from: Date; until: Date }[],
  exceptBookingId?: string,
): Promise<string[][]> {
  const busy = intervals.map((): string[] => []);
  if (laneIds.length === 0 || intervals.length === 0) return busy;
  const ranges = JSON.stringify(intervals.map((i) => [i.from.toISOString(), i.until.toISOString()]));
  const result = await tx.execute(sql`
    select (t.ord - 1)::int as "index", array_agg(distinct ${bookingLanes.resourceId}) as "lanes"
    from jsonb_array_elements(${ranges}::jsonb) with ordinality as t(r, ord)
    join ${bookingLanes}
      on ${forVenue(tx, venueId).scope(bookingLanes)}
      and ${bookingLanes.holds}
      and ${bookingLanes.resourceId} in (select jsonb_array_elements_text(${JSON.stringify(laneIds)}::jsonb))
      and tstzrange(${bookingLanes.startsAt}, ${bookingLanes.blockedUntil}) && tstzrange((t.r ->> 0)::timestamptz, (t.r ->> 1)::timestamptz)
      ${exceptBookingId ? sql`and ${bookingLanes.bookingId} <> ${exceptBookingId}` : sql``}
    group by t.ord`);
  for (const row of (result as unknown as { rows: { index: number; lanes: string[] }[] }).rows) busy[row.index] = row.lanes;
  return busy;
}

/** The live bookings of products in an interval, for the staff calendar: who is in which slot, on which lanes. */
export async function bookingsForCalendar(
  tx: Db | Tx,
  venueId: string,
  from: Date,
  until: Date,
): Promise<
  {
    id: string;
    productId: string;
    status: string;
    playersCount: number;
    resourceIds: string[];
    slotIds: string[];
    startsAt: Date;
    endsAt: Date;
  }[]
> {
  const rows = await forVenue(tx, venueId).select(
    bookings,
    and(inArray(bookings.status, [...LANE_HOLDING_STATUSES]), lt(bookings.startsAt, until), gt(bookings.endsAt, from)),
  );
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    status: r.status,
    playersCount: r.playersCount,
    resourceIds: r.resourceIds,
    slotIds: r.slotIds,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
  }));
}
