import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/api';
import { bookingsKey } from './keys';

export const paymentMethodsQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'one', id, 'payment-methods'] as const,
    queryFn: ({ signal }) => http.get<{ items: string[] }>(`/api/private/booking/${encodeURIComponent(id)}/payment-methods`, { signal }),
    enabled: venueId !== null,
  });
