import { formatVenueDate, formatVenueTime } from '@lanebook/core/format';
import { useSession } from '../../lib/session';

/** Dates and times as the open venue writes them, in its zone; without a venue (the public page), the browser's. */
export function useSignatureFormat() {
  const venue = useSession().me?.venue;
  if (!venue)
    return {
      date: (iso: string) => new Date(iso).toLocaleDateString(),
      dateTime: (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }),
    };
  return {
    date: (iso: string) => formatVenueDate(new Date(iso), venue.timezone, venue.dateFormat),
    dateTime: (iso: string) =>
      `${formatVenueDate(new Date(iso), venue.timezone, venue.dateFormat)} ${formatVenueTime(new Date(iso), venue.timezone, venue.timeFormat, false)}`,
  };
}

export const signedCountLabel = (signed: number, players: number) => `${signed} of ${players} signed`;
