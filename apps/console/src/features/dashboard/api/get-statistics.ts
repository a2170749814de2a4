import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import type { StatisticsParams } from '../period';
import { statisticsKey } from './keys';

/**
 * Every tile of the dashboard for a period, with the period before it. `refresh` asks the server to
 * compute anew instead of answering from its cache (the Refresh button: same key, fresher answer).
 */
export const statisticsQuery = (venueId: string | null, params: StatisticsParams | null, refresh = false) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'tiles', params] as const,
    queryFn: ({ signal }) => client.get('/api/private/statistics', { query: { ...params, refresh: refresh ? '1' : undefined }, signal }),
    // Another period keeps the figures on screen (dimmed) instead of flashing a loader.
    placeholderData: keepPreviousData,
    enabled: venueId !== null && params !== null,
  });
