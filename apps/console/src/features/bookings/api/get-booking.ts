import { queryOptions } from '@tanstack/react-query';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';
import { bookingsKey } from './keys';

/** One booking with its payments (checkoutInfo.payments). */
export const bookingQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'one', id] as const,
    queryFn: ({ signal }) => http.get<BookingDetail>(`/api/private/booking/${encodeURIComponent(id)}`, { signal }),
    enabled: venueId !== null,
  });
