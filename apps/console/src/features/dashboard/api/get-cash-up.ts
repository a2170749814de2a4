import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import type { StatisticsParams } from '../period';
import { statisticsKey } from './keys';

/** The cash-up takes the dashboard's period alone: money is counted by when it was taken, for every product. */
const periodOnly = (params: StatisticsParams) => ({ period: params.period, from: params.from, to: params.to });

/**
 * The payments and refunds taken in the period, by method and by who took them. Under the statistics
 * key: the live stream refreshes it when the venue's bookings (and so their money) change.
 */
export const cashUpQuery = (venueId: string | null, params: StatisticsParams | null) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'cash-up', params && periodOnly(params)] as const,
    queryFn: ({ signal }) => client.get('/api/private/cash-up', { query: periodOnly(params!), signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null && params !== null,
  });

/** The cash-up as CSV (fetched with the venue header, which a plain link would not send). */
export const exportCashUpCsv = async (params: StatisticsParams, shown: { from: string; to: string }) =>
  saveFile(await client.file('/api/private/cash-up.csv', `cash-up-${shown.from}-${shown.to}.csv`, { query: periodOnly(params) }));
