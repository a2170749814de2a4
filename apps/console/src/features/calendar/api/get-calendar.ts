import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { calendarKey } from './keys';

export interface CalendarRange {
  from: string;
  to: string;
  productIds: string[];
}

/** The slots of a date range by day (lanes total, taken, free and bookings) and the venue's non-working days. */
export const calendarQuery = (venueId: string | null, range: CalendarRange | null) =>
  queryOptions({
    queryKey: [...calendarKey(venueId), 'range', range] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/product/calendar', {
        query: {
          from: range!.from,
          to: range!.to,
          ...(range!.productIds.length ? { productIds: range!.productIds.join(',') } : {}),
        },
        signal,
      }),
    enabled: Boolean(venueId && range),
    // Moving to the next week keeps the current slots on screen instead of flashing empty.
    placeholderData: keepPreviousData,
  });
