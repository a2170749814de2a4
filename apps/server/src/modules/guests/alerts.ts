import type { Booking } from '@lanebook/core/booking-schemas';
import { formatVenueDate } from '@lanebook/core';
import type { VenueRow } from '../../platform/access.js';
import { stableMailId, type Mailer } from '../../platform/mail.js';

/**
 * A banned guest's online booking at a venue that takes it and warns (issue 38): the booking is
 * marked (isWarning, in its own transaction: the desk's live alert reads it), and the venue's
 * address is told at once. The mail's id is the booking's, so a repeat sends nothing.
 */
export async function tellVenueOfBannedGuest(
  mailer: Mailer,
  venue: VenueRow,
  booking: Booking,
  baseUrl: string,
  log: { warn: (object: object, message: string) => void },
) {
  const to = venue.email || venue.ownerEmail;
  if (!to) return;
  const name = `${booking.reservationInfo.firstName} ${booking.reservationInfo.lastName}`.trim();
  const when = formatVenueDate(new Date(booking.startsAt), venue.timezone, venue.dateFormat);
  try {
    await mailer.send({
      id: stableMailId(`${booking.id}:banned-guest`),
      kind: 'guest-banned-booking',
      venueId: venue.id,
      bookingId: booking.id,
      to: [to],
      subject: `A banned guest booked online: ${booking.registrationCode ?? ''}`.trim(),
      text:
        `${name} (${booking.reservationInfo.email}), flagged as banned, booked online for ${when}: booking ${booking.registrationCode ?? ''}.\n\n` +
        `The booking is marked with a warning. Open it to decide what to do: ${baseUrl}/bookings/${booking.id}/view\n`,
    });
  } catch (error) {
    // The booking is marked either way, and the desk's alert shows it: a mail that fails is logged, not the booking's failure.
    log.warn({ err: error, bookingId: booking.id }, 'the banned guest alert mail failed');
  }
}
