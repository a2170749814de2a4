import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { paymentsKey } from './keys';

/** The venue's bank accounts, account numbers masked ("••••6789"). */
export const bankAccountsQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: [...paymentsKey(venueId), 'bank-accounts'] as const,
    queryFn: ({ signal }) => client.get('/api/private/bank-accounts', { signal }),
    enabled: venueId !== null,
  });
