import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/**
 * One booking, for the lane view's drawer: the booking page's own call and key, so the two share
 * the cache and whatever refreshes the venue's bookings refreshes the drawer too.
 */
export const calendarBookingQuery = (venueId: string | null, id: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'bookings', 'one', id ?? ''),
    queryFn: ({ signal }) => client.get('/api/private/booking/{id}', { path: { id: id! }, signal }),
    enabled: Boolean(venueId && id),
  });
