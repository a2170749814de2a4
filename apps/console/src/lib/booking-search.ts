import { queryOptions } from '@tanstack/react-query';
import type { Booking } from '@lanebook/core/booking-schemas';
import { client } from './api';
import { venueKey } from './query-keys';

/** A booking as the booking list answers it (no quote, custom fields, extras, payments or refunds). */
export type FoundBooking = Omit<Booking, 'quote' | 'customFields' | 'upsellItems' | 'checkoutInfo' | 'refunds'>;

/** At most this many found bookings are shown; the booking list holds the rest. */
export const FOUND_LIMIT = 8;

/**
 * Bookings found by what the desk types: the booking list's All search (a name, an email, a phone
 * or its last digits, a reference or a code, read by its shape; decision 017), optionally on one
 * event date of the venue. The header's search and the lane view's both ask it; under the venue's
 * bookings key, so a change to a booking refreshes what was found.
 */
export const findBookingsQuery = (venueId: string | null, text: string, onDate?: string, limit = FOUND_LIMIT) =>
  queryOptions({
    queryKey: [...venueKey(venueId, 'bookings'), 'find', { text, onDate: onDate ?? null, limit }] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/booking/detailed', {
        query: { search: `all:${text}`, limit, offset: 0, ...(onDate ? { dateField: 'date', from: onDate, to: onDate } : {}) },
        signal,
      }),
    enabled: venueId !== null && text.trim().length > 0,
    staleTime: 10_000,
  });
