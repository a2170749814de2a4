import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { bookingsKey } from './keys';

/** One booking with its payments (checkoutInfo.payments). */
export const bookingQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'one', id] as const,
    queryFn: ({ signal }) => client.get('/api/private/booking/{id}', { path: { id }, signal }),
    enabled: venueId !== null,
  });
