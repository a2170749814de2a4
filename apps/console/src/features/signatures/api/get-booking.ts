import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/**
 * The booking whose signatures are shown (its reference makes the public signing URL). The same
 * key as the bookings feature's query of one booking, so both read and refresh one cache entry.
 */
export const bookingQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...venueKey(venueId, 'bookings'), 'one', id] as const,
    queryFn: ({ signal }) => client.get('/api/private/booking/{id}', { path: { id }, signal }),
    enabled: venueId !== null && id !== '',
  });
