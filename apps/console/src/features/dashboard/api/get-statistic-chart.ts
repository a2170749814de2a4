import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import type { StatisticsParams } from '../period';
import type { StatKey } from '../tiles';
import { statisticsKey } from './keys';

/** One tile's value per bucket of the period (hours, days, weeks or months, as the server chooses). */
export const statisticChartQuery = (venueId: string | null, key: StatKey, params: StatisticsParams | null) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'chart', key, params] as const,
    queryFn: ({ signal }) => client.get('/api/private/statistics/{key}/chart', { path: { key }, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null && params !== null,
  });
