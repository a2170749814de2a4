import { queryOptions } from '@tanstack/react-query';
import type { Slot } from '@lanebook/core/calendar-schemas';
import { http } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** One slot of a product: a link to the booking form names it, and the form needs its date. */
export const slotQuery = (venueId: string | null, productId: string | null, slotId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'calendar', 'slot', productId, slotId),
    queryFn: ({ signal }) =>
      http.get<Slot>(`/api/private/product/${encodeURIComponent(productId!)}/slot/${encodeURIComponent(slotId!)}`, { signal }),
    enabled: Boolean(venueId && productId && slotId),
    retry: false,
  });
