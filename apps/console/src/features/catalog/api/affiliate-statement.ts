import { queryOptions } from '@tanstack/react-query';
import type { AffiliateStatement } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';
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
      http.get<AffiliateStatement>(`/api/private/affiliates/${encodeURIComponent(affiliateId)}/statement`, {
        query: { from: period?.from, to: period?.to },
        signal,
      }),
    enabled: Boolean(venueId) && period !== null,
  });
