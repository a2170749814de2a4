import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** One slot of a product: a link to the booking form names it, and the form needs its date. */
export const slotQuery = (venueId: string | null, productId: string | null, slotId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'calendar', 'slot', productId, slotId),
    queryFn: ({ signal }) =>
      client.get('/api/private/product/{productId}/slot/{slotId}', { path: { productId: productId!, slotId: slotId! }, signal }),
    enabled: Boolean(venueId && productId && slotId),
    retry: false,
  });
