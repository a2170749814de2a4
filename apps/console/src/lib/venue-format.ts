import { formatMoney, formatVenueDate, formatVenueTime } from '@lanebook/core/format';
import { formatPhone } from '@lanebook/core/phone';
import { useSession } from './session';

/**
 * Money, dates, times and phones (stored E.164) as the open venue writes them, in its time zone and
 * country: shared by the features that show a venue's records (bookings, gift cards), so each writes them alike.
 */
export function useVenueFormat() {
  const venue = useSession().me?.venue;
  const timezone = venue?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    timezone,
    money: (cents: number) => formatMoney(cents, venue?.moneyFormat),
    phone: (stored: string) => formatPhone(stored, venue?.country ?? ''),
    date: (iso: string) => formatVenueDate(new Date(iso), timezone, venue?.dateFormat),
    /** A venue date (YYYY-MM-DD) in the venue's date format: it is a day, so no zone moves it. */
    day: (isoDate: string) => formatVenueDate(new Date(`${isoDate}T00:00:00Z`), 'UTC', venue?.dateFormat),
    time: (iso: string) => formatVenueTime(new Date(iso), timezone, venue?.timeFormat ?? 12, false),
    dateTime: (iso: string) =>
      `${formatVenueDate(new Date(iso), timezone, venue?.dateFormat)} ${formatVenueTime(new Date(iso), timezone, venue?.timeFormat ?? 12, false)}`,
  };
}
