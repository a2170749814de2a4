import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { calendarKey } from './keys';

/** A product's slot groups (its weekly plans), oldest first. */
export const slotGroupsQuery = (venueId: string | null, productId: string | null) =>
  queryOptions({
    queryKey: [...calendarKey(venueId), 'slot-groups', productId],
    queryFn: ({ signal }) => client.get('/api/private/product/{productId}/slot-groups', { path: { productId: productId! }, signal }),
    enabled: Boolean(venueId && productId),
  });
