import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { publicWaiverKey } from './keys';

/** The waiver to sign for a booking reference, without signing in; 404 when there is nothing to sign. */
export const publicWaiverQuery = (bookingReference: string) =>
  queryOptions({
    queryKey: publicWaiverKey(bookingReference),
    queryFn: ({ signal }) => client.get('/api/public/booking/{id}/waiver', { path: { id: bookingReference }, signal, noVenue: true }),
    enabled: bookingReference !== '',
    retry: false,
  });
