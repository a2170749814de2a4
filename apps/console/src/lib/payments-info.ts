import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from './api';
import { venueKey } from './query-keys';
import { useSession } from './session';

/**
 * Where the open venue stands with its card-payment provider (GET /api/private/payments): the
 * layout's banner, the payments pages and the booking checkout read it, so it lives in lib/
 * (features never import each other). Its key sits under venueKey(venueId, 'payments'), so a
 * change on the payments pages (a bank account added) refreshes it too.
 */
export const paymentsInfoQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'payments', 'info'),
    queryFn: ({ signal }) => client.get('/api/private/payments', { signal }),
    enabled: Boolean(venueId),
    // Read by the layout and most pages: one fetch serves a few navigations.
    staleTime: 30_000,
  });

export function usePaymentsInfo() {
  return useQuery(paymentsInfoQuery(useSession().venueId));
}
