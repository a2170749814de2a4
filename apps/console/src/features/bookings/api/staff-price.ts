import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { upsellQueryValue } from '@lanebook/core/booking-form';
import { client } from '../../../lib/api';
import { bookingsKey } from './keys';

export interface PriceRequest {
  productId: string;
  slots: string[];
  playersCount: number;
  promocode?: string;
  affiliateId?: string;
  upsellItems: { id: string; quantity: number }[];
}

/** The front desk's quote of the form as it stands (any slot of the product, private ones too). */
export const staffPriceQuery = (venueId: string | null, request: PriceRequest | null) =>
  queryOptions({
    queryKey: [...bookingsKey(venueId), 'price', request] as const,
    queryFn: ({ signal }) =>
      client.get('/api/private/product/{id}/price', {
        path: { id: request!.productId },
        query: {
          slots: request!.slots.join(','),
          playersCount: request!.playersCount,
          promocode: request!.promocode || undefined,
          affiliateId: request!.affiliateId || undefined,
          upsellItems: upsellQueryValue(request!.upsellItems) || undefined,
        },
        signal,
      }),
    enabled: Boolean(venueId && request && request.slots.length),
    placeholderData: keepPreviousData,
    retry: false,
  });
