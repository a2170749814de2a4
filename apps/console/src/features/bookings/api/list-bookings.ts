import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiAnswer, ApiOperation } from '@lanebook/core/api/client';
import type { BookingFilter, BookingSearchField, BookingSort, DateRangeName } from '@lanebook/core/booking-schemas';
import { client } from '../../../lib/api';
import { bookingsKey } from './keys';

export interface BookingListFilters {
  /** `all` finds the text by its shape; a field searches that field alone. */
  search?: { field: BookingSearchField; query: string };
  activeFilter?: BookingFilter;
  productId?: string;
  affiliateId?: string;
  dateRange?: DateRangeName;
  from?: string;
  to?: string;
  dateField: 'createdAt' | 'date';
  /** Left out: the server's default order. */
  sort?: BookingSort;
  limit: number;
  offset: number;
}

/** The booking list; a newer filter cancels the request still in flight (the signal). */
export const listBookingsQuery = (venueId: string | null, filters: BookingListFilters) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'list', filters] as const,
    queryFn: ({ signal }) => {
      const { search, ...rest } = filters;
      return client.get('/api/private/booking/detailed', {
        query: { ...rest, search: search ? `${search.field}:${search.query}` : undefined },
        signal,
      });
    },
    placeholderData: keepPreviousData,
    enabled: venueId !== null,
  });

/** A row of the list: a booking without its quote, custom fields, upsell items, payments and refunds. */
export type BookingListItem = ApiAnswer<ApiOperation<'/api/private/booking/detailed', 'get'>>['items'][number];
