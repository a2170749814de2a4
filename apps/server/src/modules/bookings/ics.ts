/**
 * A booking as an iCalendar file (RFC 5545) for the customer's calendar: one VEVENT, times in
 * UTC, text escaped, lines ended by CRLF and folded at 75 octets. Pure: the route gives it the
 * booking, its product and venue.
 */

export interface CalendarBooking {
  reference: string;
  productName: string;
  venueName: string;
  address: string;
  startsAt: Date;
  endsAt: Date;
  /** The customer's booking page (the manage URL of the mails). */
  manageUrl: string;
  canceled: boolean;
}

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are not allowed in TEXT (tab is)
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** A UTC date-time: 20261130T150000Z. */
export function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * Folds a content line (RFC 5545 3.1): at most 75 octets a line, continuation lines start with
 * one space (counted in their 75). Never splits a UTF-8 character.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > 75) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

export function bookingCalendar(booking: CalendarBooking, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lanebook//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(booking.reference)}@lanebook`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(booking.startsAt)}`,
    `DTEND:${utcStamp(booking.endsAt)}`,
    `SUMMARY:${escapeText(`${booking.productName} at ${booking.venueName}`)}`,
    ...(booking.address ? [`LOCATION:${escapeText(booking.address)}`] : []),
    `DESCRIPTION:${escapeText(`Booking reference: ${booking.reference}\nView, move or cancel your booking: ${booking.manageUrl}`)}`,
    `URL:${booking.manageUrl}`,
    `STATUS:${booking.canceled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
