import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PaymentProviderName } from '@lanebook/core/payment-schemas';
import { client } from '../../../lib/api';
import { paymentsKey } from './keys';

const PAGE_SIZE = 10;

/** The venue's payouts, newest first; each next page starts after the last payout shown (the provider's cursor). */
export const payoutsQuery = (venueId: string | null, provider: PaymentProviderName) =>
  infiniteQueryOptions({
    queryKey: [...paymentsKey(venueId), provider, 'payouts'] as const,
    queryFn: ({ signal, pageParam }) =>
      client.get('/api/private/{provider}/payouts', { path: { provider }, query: { startingAfter: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list.at(-1)?.id : undefined),
    enabled: venueId !== null,
  });
