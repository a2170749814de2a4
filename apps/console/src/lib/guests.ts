import { queryOptions } from '@tanstack/react-query';
import { client } from './api';
import { venueKey } from './query-keys';

/**
 * A venue's guests (issue 38), read by the guests pages and by the booking form, the booking's
 * page and the lane view's drawer, which show the guest a booking is of: so it lives in lib/
 * (features never import each other).
 */

/** Everything about the venue's guests (the list, one guest, a match) sits under this key. */
export const guestsKey = (venueId: string | null) => venueKey(venueId, 'guests');

/** The guest's page in the console. */
export const guestPath = (id: string) => `/guests/${encodeURIComponent(id)}`;

/** One guest with their waiver on file, bookings, signatures and log. */
export const guestQuery = (venueId: string | null, id: string | null) =>
  queryOptions({
    queryKey: [...guestsKey(venueId), 'one', id ?? ''] as const,
    queryFn: ({ signal }) => client.get('/api/private/guests/{id}', { path: { id: id! }, signal }),
    enabled: venueId !== null && Boolean(id),
  });

/**
 * The guest a typed email or phone is (the server tries the email first). `email` and `phone`
 * are sent only once they can be one (the caller decides), so a half-typed address asks nothing.
 */
export const guestMatchQuery = (venueId: string | null, typed: { email: string; phone: string }) =>
  queryOptions({
    queryKey: [...guestsKey(venueId), 'match', typed] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/guests/match', {
        query: { email: typed.email || undefined, phone: typed.phone || undefined },
        signal,
      }),
    enabled: venueId !== null && Boolean(typed.email || typed.phone),
    staleTime: 10_000,
  });
