import { queryOptions } from '@tanstack/react-query';
import type { BankAccount } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';
import { paymentsKey } from './keys';

/** The venue's bank accounts, account numbers masked ("••••6789"). */
export const bankAccountsQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: [...paymentsKey(venueId), 'bank-accounts'] as const,
    queryFn: ({ signal }) => http.get<{ items: BankAccount[] }>('/api/private/bank-accounts', { signal }),
    enabled: venueId !== null,
  });
