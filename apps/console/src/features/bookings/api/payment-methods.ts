import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { bookingsKey } from './keys';

export const paymentMethodsQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'one', id, 'payment-methods'] as const,
    queryFn: ({ signal }) => client.get('/api/private/booking/{id}/payment-methods', { path: { id }, signal }),
    enabled: venueId !== null,
  });
