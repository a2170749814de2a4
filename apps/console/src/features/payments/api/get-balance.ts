import { queryOptions } from '@tanstack/react-query';
import type { PaymentProviderName } from '@lanebook/core/payment-schemas';
import { client } from '../../../lib/api';
import { paymentsKey } from './keys';

/** The venue's balance at the provider: available and pending, per currency. */
export const balanceQuery = (venueId: string | null, provider: PaymentProviderName) =>
  queryOptions({
    queryKey: [...paymentsKey(venueId), provider, 'balance'] as const,
    queryFn: ({ signal }) => client.get('/api/private/{provider}/balance', { path: { provider }, signal }),
    enabled: venueId !== null,
  });
