import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** Each affiliate's bookings and commission this month (the server's venue month); keyed under bookings like the statement. */
export const affiliatesSummaryQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'bookings', 'affiliates-summary'),
    queryFn: ({ signal }) => client.get('/api/private/affiliates/summary', { signal }),
    enabled: Boolean(venueId),
  });
