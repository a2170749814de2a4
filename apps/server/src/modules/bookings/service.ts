import { and, asc, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';
import { SIGNING_TOKEN_PATTERN } from '@lanebook/core/waiver-schemas';
import { LIVE_BOOKING_STATUSES } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { holdsLanesFromNow, keepsProductFromNow } from './predicates.js';
import { bookingLanes, bookings } from './schema.js';
import { writeLog } from './records.js';

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
      inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      sql`${bookings.slotIds} ?| array[${sql.join(
        slotIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`,
    ),
  );
  const wanted = new Set(slotIds);
  return new Set(rows.flatMap((row) => row.slotIds.filter((id) => wanted.has(id))));
}

export interface LaneHold {
  resourceId: string;
  startsAt: Date;
  blockedUntil: Date;
}

/** The lanes a booking holds (none once it is canceled or abandoned): a booking being moved does not count against itself. */
export async function laneHoldsOfBooking(tx: Db | Tx, venueId: string, bookingId: string): Promise<LaneHold[]> {
  const rows = await forVenue(tx, venueId).select(bookingLanes, and(eq(bookingLanes.bookingId, bookingId), eq(bookingLanes.holds, true)));
  return rows.map((r) => ({ resourceId: r.resourceId, startsAt: r.startsAt, blockedUntil: r.blockedUntil }));
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
    name: string;
    productId: string;
    status: string;
    playersCount: number;
    resourceIds: string[];
    slotIds: string[];
    startsAt: Date;
    endsAt: Date;
    presenceStatus: 'no' | 'partially' | 'fully';
    numberOfSignedWaivers: number;
  }[]
> {
  const rows = await forVenue(tx, venueId).select(
    bookings,
    and(inArray(bookings.status, [...LIVE_BOOKING_STATUSES]), lt(bookings.startsAt, until), gt(bookings.endsAt, from)),
  );
  return rows.map((r) => ({
    id: r.id,
    name: [r.reservationInfo.firstName, r.reservationInfo.lastName].filter(Boolean).join(' '),
    productId: r.productId,
    status: r.status,
    playersCount: r.playersCount,
    resourceIds: r.resourceIds,
    slotIds: r.slotIds,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    presenceStatus: r.presenceStatus,
    numberOfSignedWaivers: r.numberOfSignedWaivers,
  }));
}

/**
 * The venue of a booking reference, for the public calls (decision 012). The reference is what
 * finds the venue, so the query cannot be scoped by one; references are unique across venues.
 */
export async function bookingReferenceVenueId(db: Db | Tx, reference: string): Promise<string | null> {
  const [found] = await db
    .select({ venueId: bookings.venueId })
    // eslint-disable-next-line no-restricted-syntax -- the public access step finds the venue from the booking reference (decision 012)
    .from(bookings)
    .where(eq(bookings.bookingReference, reference.toUpperCase()))
    .limit(1);
  return found?.venueId ?? null;
}

/**
 * The venue of a friends' signing token (decision 023), for the public access step as for a
 * reference; anything not shaped like a token is looked up no further.
 */
export async function signingTokenVenueId(db: Db | Tx, token: string): Promise<string | null> {
  if (!SIGNING_TOKEN_PATTERN.test(token)) return null;
  const [found] = await db
    .select({ venueId: bookings.venueId })
    // eslint-disable-next-line no-restricted-syntax -- the public access step finds the venue from the signing token (decision 023)
    .from(bookings)
    .where(eq(bookings.signingToken, token))
    .limit(1);
  return found?.venueId ?? null;
}

/** The booking of a signing token in its venue (found by the access step). */
export async function bookingIdOfSigningToken(db: Db | Tx, venueId: string, token: string): Promise<string | null> {
  const found = await forVenue(db, venueId).first(bookings, eq(bookings.signingToken, token));
  return found?.id ?? null;
}

/** The booking of a reference in its venue (found by the access step). */
export async function bookingIdOfReference(db: Db | Tx, venueId: string, reference: string): Promise<string | null> {
  const found = await forVenue(db, venueId).first(bookings, eq(bookings.bookingReference, reference.toUpperCase()));
  return found?.id ?? null;
}

export interface BookingToSign {
  id: string;
  productId: string;
  status: string;
  startsAt: Date;
  date: string | null;
  bookingReference: string | null;
  isWalkIn: boolean;
  playersCount: number;
  numberOfSignedWaivers: number;
  /** The booker's earlier signature that counts for this booking (issue 38), and until when. */
  waiverOnFileSignatureId: string | null;
  waiverOnFileUntil: Date | null;
  /** The booker's name and email: their own signature starts filled in with them. */
  reservationInfo: { firstName?: string; lastName?: string; email?: string };
}

/** What signing a waiver needs of a booking (decision 023); `lock` takes its row lock for counting a signature. */
export async function bookingToSign(tx: Db | Tx, venueId: string, bookingId: string, { lock = false } = {}): Promise<BookingToSign | null> {
  const venue = forVenue(tx, venueId);
  const [row] = lock ? await venue.lock(bookings, eq(bookings.id, bookingId)) : await venue.select(bookings, eq(bookings.id, bookingId));
  return row ?? null;
}

/** What a waiver kiosk shows of a booking (issue 39): nothing of the customer. */
export interface KioskBookingRow {
  id: string;
  productId: string;
  startsAt: Date;
  playersCount: number;
  numberOfSignedWaivers: number;
}

/**
 * A venue's live bookings starting on one venue date (in `timezone`), for a waiver kiosk (issue 39): those of `ids` (a
 * scanned check-in code's), or the booker's by last name (any case) and the last four digits of
 * their phone. At most 20, earliest first.
 */
export async function liveBookingsOfDay(
  db: Db | Tx,
  venueId: string,
  day: { date: string; timezone: string },
  match: { ids: string[] } | { lastName: string; phoneLast4: string },
): Promise<KioskBookingRow[]> {
  const matching =
    'ids' in match
      ? inArray(bookings.id, match.ids)
      : and(
          eq(sql`lower(${bookings.lastName})`, match.lastName.trim().toLowerCase()),
          // Digits only (kioskFindSchema): no LIKE wildcard can come in.
          like(bookings.phone, `%${match.phoneLast4}`),
        );
  return forVenue(db, venueId).selectFields(
    bookings,
    {
      id: bookings.id,
      productId: bookings.productId,
      startsAt: bookings.startsAt,
      playersCount: bookings.playersCount,
      numberOfSignedWaivers: bookings.numberOfSignedWaivers,
    },
    and(
      sql`(${bookings.startsAt} at time zone ${day.timezone})::date = ${day.date}::date`,
      inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      matching,
    ),
    { orderBy: [asc(bookings.startsAt), asc(bookings.id)], limit: 20 },
  );
}

/** Counts a signature on or off the booking (its numberOfSignedWaivers), with a line in its log naming the signer. */
export async function countSignature(tx: Tx, venueId: string, bookingId: string, delta: 1 | -1, signer: string, userName: string) {
  await forVenue(tx, venueId).update(bookings, eq(bookings.id, bookingId), {
    numberOfSignedWaivers: sql`greatest(0, ${bookings.numberOfSignedWaivers} + ${delta})`,
    updatedAt: new Date(),
  });
  await writeLog(tx, venueId, bookingId, { type: delta === 1 ? 'waiverSigned' : 'signatureDeleted', signer }, userName);
}
