import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { upsellQueryValue, type BookingRepricing } from '@lanebook/core/booking-form';
import { client } from '../../../lib/api';
import { bookingsKey } from './keys';

/** The price of a change to a booking before it is saved (what PUT would make of it); null asks nothing. */
export const changeQuoteQuery = (venueId: string | null, bookingId: string, change: BookingRepricing | null) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'change-quote', bookingId, change] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/booking/{id}/quote', {
        path: { id: bookingId },
        query: {
          slots: change!.slots?.join(','),
          playersCount: change!.playersCount,
          resourceIds: change!.resourceIds?.join(','),
          // "none" clears them: an empty value is not sent.
          upsellItems: change!.upsellItems && (upsellQueryValue(change!.upsellItems) || 'none'),
          customPrice: change!.customPrice === undefined ? undefined : String(change!.customPrice ?? 'none'),
        },
        signal,
      }),
    enabled: Boolean(venueId && change),
    placeholderData: keepPreviousData,
    retry: false,
  });
