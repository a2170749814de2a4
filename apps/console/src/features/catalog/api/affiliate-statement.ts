import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/**
 * An affiliate's bookings of a period (venue dates, both included) with what each earned, and the
 * totals. Keyed under the venue's bookings: a booking made, paid or refunded anywhere refreshes it
 * (lib/live.ts).
 */
export const affiliateStatementQuery = (venueId: string | null, affiliateId: string, period: { from: string; to: string } | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'bookings', 'affiliate-statement', affiliateId, period?.from, period?.to),
    queryFn: ({ signal }) =>
      client.get('/api/private/affiliates/{id}/statement', {
        path: { id: affiliateId },
        query: { from: period?.from, to: period?.to },
        signal,
      }),
    enabled: Boolean(venueId) && period !== null,
  });
