import { queryOptions } from '@tanstack/react-query';
import type { StatisticsAhead } from '@lanebook/core/statistics-schemas';
import { http } from '../../../lib/api';
import { statisticsKey } from './keys';

/** Today and the 13 days after: each day's booked revenue and occupancy. */
export const aheadQuery = (venueId: string | null, productId: string | undefined, refresh = false) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'ahead', productId ?? null] as const,
    queryFn: ({ signal }) =>
      http.get<StatisticsAhead>('/api/private/statistics/ahead', { query: { productId, refresh: refresh ? 1 : undefined }, signal }),
    enabled: venueId !== null,
  });
