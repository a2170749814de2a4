import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer, ApiOperation } from '@lanebook/core/api/client';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** A product as the calendar reads it: its name, its lanes and its days off (weekdays, 0 = Sunday, and holidays). */
export type CalendarProduct = ApiAnswer<ApiOperation<'/api/private/products', 'get'>>['items'][number];

/** The venue's products, for the product filter and the slot forms (same call as the catalog's list). */
export const calendarProductsQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'products', 'list', { calendar: true }),
    queryFn: ({ signal }) => client.get('/api/private/products', { query: { limit: 500, sort: 'name' }, signal }),
    enabled: Boolean(venueId),
  });
