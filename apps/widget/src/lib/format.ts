/**
 * Money and times as the venue writes them, in the venue's zone: the core formatters (a module
 * with no imports, no zod) plus the few shapes the widget shows.
 */
import { cancellationPeriodText, cancellationSentence, formatMoney, formatVenueDate, formatVenueTime } from '@lanebook/core/format';
import type { PublicBooking, VenueFormat } from './types';

export const money = (cents: number, venue: Pick<VenueFormat, 'moneyFormat'>) => formatMoney(cents, venue.moneyFormat);

/** "7:00 PM" or "19:00" in the venue's zone. */
export const timeOf = (instant: string | Date, venue: Pick<VenueFormat, 'timezone' | 'timeFormat'>) =>
  formatVenueTime(new Date(instant), venue.timezone, venue.timeFormat, false);

/** The date in the venue's own format (MM/DD/YY...), in its zone. */
export const dateOf = (instant: string | Date, venue: Pick<VenueFormat, 'timezone' | 'dateFormat'>) =>
  formatVenueDate(new Date(instant), venue.timezone, venue.dateFormat);

/** "Saturday, March 14, 2026" of a venue date (YYYY-MM-DD), the day the venue means whatever the reader's zone. */
export function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** "03/14/26, 7:00 PM – 9:00 PM": a booking's date and times in the venue's zone and formats. */
export function whenText(startsAt: string, endsAt: string, venue: VenueFormat): string {
  return `${dateOf(startsAt, venue)}, ${timeOf(startsAt, venue)} – ${timeOf(endsAt, venue)}`;
}

/** "1 hour", "2 hours". */
export const durationText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

/**
 * The cancellation notice, true for this booking: until when it can be canceled online, or that
 * it no longer can (a booking made inside the product's period); the mails say the same.
 */
export function cancellationNotice(
  booking: Pick<PublicBooking, 'isCancellable' | 'cancellableUntil'>,
  period: { amount: number; unit: 'hours' | 'days' },
  venue: VenueFormat,
): string {
  const until = booking.cancellableUntil
    ? `${dateOf(booking.cancellableUntil, venue)} at ${timeOf(booking.cancellableUntil, venue)}`
    : null;
  return cancellationSentence(cancellationPeriodText(period.amount, period.unit), until, booking.isCancellable);
}

/** Today's date (YYYY-MM-DD) in the venue's zone. */
export function venueToday(timezone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
