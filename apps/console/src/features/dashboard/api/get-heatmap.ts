import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import type { StatisticsParams } from '../period';
import { statisticsKey } from './keys';

/** The share of lane time taken by weekday and hour over the period (by event date). */
export const heatmapQuery = (venueId: string | null, params: StatisticsParams | null, refresh = false) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'heatmap', params] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/statistics/heatmap', { query: { ...params, refresh: refresh ? '1' : undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null && params !== null,
  });
