import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { statisticsKey } from './keys';

/** Today and the 13 days after: each day's booked revenue and occupancy. */
export const aheadQuery = (venueId: string | null, productId: string | undefined, refresh = false) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'ahead', productId ?? null] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/statistics/ahead', { query: { productId, refresh: refresh ? '1' : undefined }, signal }),
    enabled: venueId !== null,
  });
