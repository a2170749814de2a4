import { desc, eq, inArray, sql } from 'drizzle-orm';
import { ERASED_GUEST_NAME } from '@lanebook/core/guest-schemas';
import { LIVE_BOOKING_STATUSES } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { scrubbedJson } from '../../platform/erase.js';
import { forVenue } from '../../platform/venue-scope.js';
import { liveProducts } from '../products/service.js';
import { bookingLogs, bookings } from './schema.js';

/** What the guests module (issue 38) reads and changes of a guest's bookings. */

const live = sql.raw(LIVE_BOOKING_STATUSES.map((status) => `'${status}'`).join(', '));

export interface GuestCounts {
  bookingsCount: number;
  visitsCount: number;
  noShowCount: number;
  totalSpent: number;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
}

/**
 * Each guest's counts, from their bookings, in one grouped read: bookings (not abandoned), visits
 * (checked in, in part or fully), no-shows (live, ended, nobody checked in), money kept (paid less
 * refunded), and their first and last visit.
 */
export async function guestBookingCounts(db: Db | Tx, venueId: string, guestIds: string[]): Promise<Map<string, GuestCounts>> {
  if (guestIds.length === 0) return new Map();
  const rows = await forVenue(db, venueId).selectFields(
    bookings,
    {
      guestId: sql<string>`${bookings.guestId}`,
      bookingsCount: sql<number>`count(*) filter (where ${bookings.status} <> 'abandoned')::int`,
      visitsCount: sql<number>`count(*) filter (where ${bookings.presenceStatus} <> 'no')::int`,
      noShowCount: sql<number>`count(*) filter (where ${bookings.status} in (${live}) and ${bookings.presenceStatus} = 'no' and ${bookings.endsAt} < now())::int`,
      totalSpent: sql<number>`coalesce(sum(${bookings.paidTotal} - ${bookings.refundedTotal}), 0)::int`,
      firstVisitAt: sql<string | null>`min(${bookings.startsAt}) filter (where ${bookings.presenceStatus} <> 'no')`,
      lastVisitAt: sql<string | null>`max(${bookings.startsAt}) filter (where ${bookings.presenceStatus} <> 'no')`,
    },
    inArray(bookings.guestId, guestIds),
    { groupBy: [bookings.guestId] },
  );
  return new Map(rows.map((row) => [row.guestId, row]));
}

/** Each row with its product's name. */
async function withProductNames<R extends { productId: string }>(db: Db | Tx, venueId: string, rows: R[]) {
  const names = new Map((await liveProducts(db, venueId, [...new Set(rows.map((r) => r.productId))])).map((p) => [p.id, p.name]));
  return rows.map((row) => ({ row, productName: names.get(row.productId) ?? 'Deleted product' }));
}

/** A guest's bookings, latest start first, with their product's name (at most `limit`). */
export async function guestBookingList(db: Db | Tx, venueId: string, guestId: string, limit = 200) {
  const rows = await forVenue(db, venueId).select(bookings, eq(bookings.guestId, guestId), { orderBy: [desc(bookings.startsAt)], limit });
  return withProductNames(db, venueId, rows);
}

/**
 * A guest's bookings as their page lists them: guestBookingList with only the fields it shows (a
 * regular's 200 whole rows took some 2 ms of the server's CPU to decode, half of their page's).
 */
export async function guestBookingLines(db: Db | Tx, venueId: string, guestId: string, limit = 200) {
  const rows = await forVenue(db, venueId).selectFields(
    bookings,
    {
      id: bookings.id,
      registrationCode: bookings.registrationCode,
      productId: bookings.productId,
      date: bookings.date,
      startsAt: bookings.startsAt,
      status: bookings.status,
      presenceStatus: bookings.presenceStatus,
      playersCount: bookings.playersCount,
      total: bookings.total,
      paidTotal: bookings.paidTotal,
      refundedTotal: bookings.refundedTotal,
    },
    eq(bookings.guestId, guestId),
    { orderBy: [desc(bookings.startsAt)], limit },
  );
  return withProductNames(db, venueId, rows);
}

/**
 * Locks the guests' bookings (any change of a booking locks it before its guest: a merge or an
 * erase does the same, so it never waits in a circle with one) and answers them.
 */
export const lockGuestBookings = (tx: Tx, venueId: string, guestIds: string[]) =>
  forVenue(tx, venueId).lock(bookings, inArray(bookings.guestId, guestIds));

export const moveGuestBookings = (tx: Tx, venueId: string, fromGuestId: string, toGuestId: string) =>
  forVenue(tx, venueId).update(bookings, eq(bookings.guestId, fromGuestId), { guestId: toGuestId });

/**
 * Takes the person out of their bookings (names, email, phone, note, custom answers, client
 * address: the money and counts stay, named "Erased guest") and out of the logs of these and of
 * the other bookings they signed for.
 */
export async function eraseFromBookings(tx: Tx, venueId: string, bookingIds: string[], loggedBookingIds: string[], words: string[]) {
  const scoped = forVenue(tx, venueId);
  if (bookingIds.length)
    await scoped.update(bookings, inArray(bookings.id, bookingIds), {
      reservationInfo: { firstName: ERASED_GUEST_NAME, lastName: '', email: '', phone: '', note: '' },
      firstName: ERASED_GUEST_NAME,
      lastName: '',
      email: '',
      phone: '',
      customFields: {},
      clientAddress: null,
      updatedAt: new Date(),
    });
  if (loggedBookingIds.length && words.length)
    await scoped.update(bookingLogs, inArray(bookingLogs.bookingId, loggedBookingIds), {
      event: scrubbedJson(words, sql`${bookingLogs.event}`),
    });
}

/** The bookings a deleted signature counted for as their booker's waiver on file ask them to sign again. */
export const forgetWaiverOnFile = (tx: Tx, venueId: string, signatureId: string) =>
  forVenue(tx, venueId).update(bookings, eq(bookings.waiverOnFileSignatureId, signatureId), {
    waiverOnFileSignatureId: null,
    waiverOnFileUntil: null,
    numberOfSignedWaivers: sql`greatest(0, ${bookings.numberOfSignedWaivers} - 1)`,
    updatedAt: new Date(),
  });
