import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import type { StatisticsParams } from '../period';
import type { StatKey } from '../tiles';
import { statisticsKey } from './keys';

/** The bookings or ledger entries behind a tile's figure, a page at a time. */
export const statisticListQuery = (
  venueId: string | null,
  key: StatKey,
  params: StatisticsParams | null,
  page: { limit: number; offset: number },
) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'list', key, params, page] as const,
    queryFn: ({ signal }) => client.get('/api/private/statistics/{key}/list', { path: { key }, query: { ...params, ...page }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null && params !== null,
  });
