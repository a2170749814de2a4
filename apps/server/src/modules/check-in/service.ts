import { formatVenueDate, formatVenueTime, venueToday, wallClockOf } from '@lanebook/core';
import type { CheckInAnswer } from '@lanebook/core/booking-schemas';
import type { Db, Tx } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { withTransaction } from '../../platform/locking.js';
import { setPresence, type Actor } from '../bookings/actions.js';
import { signingLinkOf } from '../bookings/public.js';
import { bookingLogPage, bookingOrNotFound, bookingWithLedger, type BookingRow } from '../bookings/records.js';
import { guestRow } from '../guests/service.js';
import { liveProductById } from '../products/service.js';
import { readCheckInCode } from './codes.js';

/**
 * The desk's check-in by code (issue 39): the code names a booking of this venue, the booking is
 * live and starts today in the venue's zone; only then may the group be checked in, by the
 * bookings module's presence change (the same rule and log entry as the presence call).
 */

/** The booking a code names, refused with a sentence the desk can read out when it may not be checked in. */
export async function bookingOfCode(db: Db | Tx, key: Buffer, venue: VenueRow, code: string, now: Date, { lock = false } = {}) {
  const named = readCheckInCode(key, code);
  if (!named)
    throw new AppError(
      400,
      'invalid_check_in_code',
      'This is not a check-in code of ours, or it was altered. Find the booking by name instead.',
    );
  if (named.venueId !== venue.id)
    throw new AppError(409, 'other_venue', "This code is another venue's booking: it cannot be checked in here.");
  const row = await bookingOrNotFound(db, venue.id, named.bookingId, { lock });
  if (row.status === 'canceled') throw new AppError(409, 'booking_canceled', 'This booking was canceled: it cannot be checked in.');
  if (row.status === 'abandoned')
    throw new AppError(409, 'booking_abandoned', 'This booking was abandoned before it was confirmed: it cannot be checked in.');
  if (!isToday(row, venue, now)) {
    const when = `${formatVenueDate(row.startsAt, venue.timezone, venue.dateFormat)} at ${formatVenueTime(row.startsAt, venue.timezone, venue.timeFormat, false)}`;
    throw new AppError(409, 'not_today', `This booking is for ${when}, not today: it cannot be checked in now.`, { bookingId: row.id });
  }
  return row;
}

const isToday = (row: BookingRow, venue: VenueRow, now: Date) =>
  wallClockOf(row.startsAt, venue.timezone).date === venueToday(venue.timezone, now);

/** When and by whom the group was checked in: the latest presence entry of the booking's log that checked them in. */
export async function checkedInBefore(db: Db, venue: VenueRow, row: BookingRow): Promise<CheckInAnswer['checkedInBefore']> {
  if (row.presenceStatus === 'no') return null;
  const { items } = await bookingLogPage(db, venue, row.id, { limit: 200, offset: 0 });
  const entry = items.find(
    (item) => item.event.type === 'presence' && (item.event.presence === 'fully' || item.event.presence === 'partially'),
  );
  return entry ? { at: entry.timestamp, by: entry.userName } : { at: row.updatedAt.toISOString(), by: '' };
}

/** The guest's flags, through the guests module; none when the booking has no guest. */
async function flagsOf(db: Db, venueId: string, guestId: string | null): Promise<CheckInAnswer['flags']> {
  if (!guestId) return [];
  try {
    let guest = await guestRow(db, venueId, guestId);
    if (guest.mergedIntoId) guest = await guestRow(db, venueId, guest.mergedIntoId);
    return guest.flags.map((flag) => ({ type: flag.type, note: flag.note }));
  } catch {
    // An erased or missing guest has nothing to warn of.
    return [];
  }
}

/** What the desk must know of the booking a code names. */
export async function checkInView(
  db: Db,
  venue: VenueRow,
  row: BookingRow,
  baseUrl: string,
  now: Date,
  checkedIn: boolean,
): Promise<CheckInAnswer> {
  const [booking, product, before] = await Promise.all([
    bookingWithLedger(db, venue.id, row),
    liveProductById(db, venue.id, row.productId),
    checkedInBefore(db, venue, row),
  ]);
  return {
    booking: {
      id: booking.id,
      registrationCode: booking.registrationCode,
      productId: booking.productId,
      productName: product?.name ?? '',
      date: wallClockOf(row.startsAt, venue.timezone).date,
      customerName: `${booking.reservationInfo.firstName} ${booking.reservationInfo.lastName}`.trim(),
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      status: booking.status,
      presenceStatus: booking.presenceStatus,
      playersCount: booking.playersCount,
      numberOfSignedWaivers: booking.numberOfSignedWaivers,
      due: booking.due,
      signingLink: signingLinkOf(baseUrl, booking.signingToken),
      signingToken: booking.signingToken,
      guestId: booking.guestId,
    },
    flags: await flagsOf(db, venue.id, booking.guestId),
    isToday: isToday(row, venue, now),
    minutesLate: Math.round((now.getTime() - row.startsAt.getTime()) / 60_000),
    checkedIn,
    checkedInBefore: before,
  };
}

/**
 * Checks the group in (presence fully) under the booking's row lock; a group checked in already
 * says when and by whom, read from the log after the transaction (PGlite has one connection).
 */
export async function checkInByCode(db: Db, key: Buffer, venue: VenueRow, code: string, actor: Actor, now: Date): Promise<BookingRow> {
  const done = await withTransaction(db, async (tx) => {
    const row = await bookingOfCode(tx, key, venue, code, now, { lock: true });
    if (row.presenceStatus === 'fully') return { already: row };
    await setPresence(tx, venue.id, row.id, 'fully', actor);
    return { checkedIn: await bookingOrNotFound(tx, venue.id, row.id) };
  });
  if (done.checkedIn) return done.checkedIn;
  const before = await checkedInBefore(db, venue, done.already);
  const when = before ? formatVenueTime(new Date(before.at), venue.timezone, venue.timeFormat, false) : '';
  throw new AppError(
    409,
    'already_checked_in',
    `Checked in already${when ? ` at ${when}` : ''}${before?.by ? ` by ${before.by}` : ''}.`,
    before ? { checkedInAt: before.at, checkedInBy: before.by } : undefined,
  );
}
