import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** The products the dashboard can be narrowed to (paused and archived ones too: their past bookings count). */
export const productOptionsQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'products', 'list', { dashboard: true }),
    queryFn: ({ signal }) =>
      client.get('/api/private/products', { query: { limit: 500, sort: 'name' }, signal }).then((page) => page.items),
    enabled: venueId !== null,
  });
