import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { statisticsKey } from './keys';

/** The dashboard's period as venue dates, as the statistics answered them (a named period resolved). */
export interface PeriodDates {
  from: string;
  to: string;
}

/**
 * What happened to the venue's gift cards in the period (sold, given away, redeemed, refunded,
 * adjusted, expired) and what active cards hold now. Under the statistics key: the live stream
 * refreshes it when bookings (and so redemptions and refunds) change.
 */
export const giftCardSummaryQuery = (venueId: string | null, dates: PeriodDates | null) =>
  queryOptions({
    queryKey: [...statisticsKey(venueId), 'gift-cards', dates] as const,
    queryFn: ({ signal }) => client.get('/api/private/gift-cards/summary', { query: { ...dates! }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null && dates !== null,
  });

/** The period's ledger entries and its totals as CSV (fetched with the venue header, which a plain link would not send). */
export const exportGiftCardSummaryCsv = async (dates: PeriodDates) =>
  saveFile(await client.file('/api/private/gift-cards/summary.csv', `gift-cards-${dates.from}-${dates.to}.csv`, { query: { ...dates } }));
