import { queryOptions } from '@tanstack/react-query';
import type { Balance, PaymentProviderName } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';
import { paymentsKey } from './keys';

/** The venue's balance at the provider: available and pending, per currency. */
export const balanceQuery = (venueId: string | null, provider: PaymentProviderName) =>
  queryOptions({
    queryKey: [...paymentsKey(venueId), provider, 'balance'] as const,
    queryFn: ({ signal }) => http.get<Balance>(`/api/private/${provider}/balance`, { signal }),
    enabled: venueId !== null,
  });
