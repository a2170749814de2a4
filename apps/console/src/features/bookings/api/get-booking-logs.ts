import { queryOptions } from '@tanstack/react-query';
import type { BookingLog } from '@lanebook/core/booking-schemas';
import { client } from '../../../lib/api';
import { bookingsKey } from './keys';

/** The booking's log, newest first. A failed fetch shows an empty log (decision 005). */
export const bookingLogsQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'one', id, 'logs'] as const,
    queryFn: ({ signal }) =>
      client
        .get('/api/private/booking/{id}/logs', { path: { id }, query: { limit: 500 }, signal })
        .then((page) => page.items)
        .catch((error: unknown) => {
          if ((error as Error).name === 'AbortError') throw error;
          return [] as BookingLog[];
        }),
    enabled: venueId !== null,
  });
