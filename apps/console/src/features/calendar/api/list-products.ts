import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** What the calendar needs of a product: its name, its lanes and its days off. */
export interface CalendarProduct {
  id: string;
  name: string;
  resources: string[];
  isPaused: boolean;
  /** Weekdays off (0 = Sunday) and holidays: the populate preview leaves them out as populate does. */
  nonWorkingDays: number[];
  holidays: string[];
}

/** The venue's products, for the product filter and the slot forms (same call as the catalog's list). */
export const calendarProductsQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'products', 'list', { calendar: true }),
    queryFn: ({ signal }) => http.get<Paged<CalendarProduct>>('/api/private/products', { query: { limit: 500, sort: 'name' }, signal }),
    enabled: Boolean(venueId),
  });
