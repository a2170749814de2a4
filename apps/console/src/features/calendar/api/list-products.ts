import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** What the calendar needs of a product: its name and its lanes. */
export interface CalendarProduct {
  id: string;
  name: string;
  resources: string[];
  isPaused: boolean;
}

/** The venue's products, for the product filter and the slot forms (same call as the catalog's list). */
export const calendarProductsQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'products', 'list', { calendar: true }),
    queryFn: ({ signal }) => http.get<Paged<CalendarProduct>>('/api/private/products', { query: { limit: 500, sort: 'name' }, signal }),
    enabled: Boolean(venueId),
  });
