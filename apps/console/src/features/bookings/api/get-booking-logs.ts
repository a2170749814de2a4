import { queryOptions } from '@tanstack/react-query';
import type { BookingLog } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';
import { bookingsKey } from './keys';

/** The booking's log, newest first. A failed fetch shows an empty log (decision 005). */
export const bookingLogsQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'one', id, 'logs'] as const,
    queryFn: ({ signal }) =>
      http
        .get<{ items: BookingLog[]; total: number }>(`/api/private/booking/${encodeURIComponent(id)}/logs`, {
          query: { limit: 500 },
          signal,
        })
        .then((page) => page.items)
        .catch((error: unknown) => {
          if ((error as Error).name === 'AbortError') throw error;
          return [] as BookingLog[];
        }),
    enabled: venueId !== null,
  });
