import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import type { StatisticsParams } from '../period';
import { statisticsKey } from './keys';

/** Revenue by product and by payment method for the period. */
export const breakdownQuery = (venueId: string | null, params: StatisticsParams | null, refresh = false) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'breakdown', params] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/statistics/breakdown', {
        query: { ...params, refresh: refresh ? '1' : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null && params !== null,
  });
