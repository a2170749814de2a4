import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
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
 * The lane holds among `laneIds` overlapping [from, until), in order of start: one scan of the
 * no-double-booking GiST index (venue, time range). `exceptBookingId` leaves that booking out
 * (a booking being moved).
 */
export async function laneHoldsOverlapping(
  tx: Db | Tx,
  venueId: string,
  laneIds: string[],
  from: Date,
  until: Date,
  exceptBookingId?: string,
): Promise<LaneHold[]> {
  if (laneIds.length === 0) return [];
  return forVenue(tx, venueId)
    .select(
      bookingLanes,
      and(
        eq(bookingLanes.holds, true),
        sql`tstzrange(${bookingLanes.startsAt}, ${bookingLanes.blockedUntil}) && tstzrange(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`,
        inArray(bookingLanes.resourceId, laneIds),
        exceptBookingId ? ne(bookingLanes.bookingId, exceptBookingId) : undefined,
      ),
      { orderBy: [bookingLanes.startsAt] },
    )
    .then((rows) => rows.map((r) => ({ resourceId: r.resourceId, startsAt: r.startsAt, blockedUntil: r.blockedUntil })));
}

export interface LaneHold {
  resourceId: string;
  startsAt: Date;
  blockedUntil: Date;
}

/**
 * For each interval (in order of start), the lanes its overlapping holds occupy. One sweep over
 * holds sorted by start: a hold joins the active set when it starts before the interval ends and
 * leaves it once it ends before an interval starts (later intervals start later still).
 */
export function busyLanesDuring(holds: LaneHold[], intervals: { from: Date; until: Date }[]): Set<string>[] {
  const active: LaneHold[] = [];
  let next = 0;
  return intervals.map(({ from, until }) => {
    while (next < holds.length && holds[next].startsAt < until) active.push(holds[next++]);
    for (let i = active.length - 1; i >= 0; i--) if (active[i].blockedUntil <= from) active.splice(i, 1);
    return new Set(active.filter((hold) => hold.startsAt < until).map((hold) => hold.resourceId));
  });
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
