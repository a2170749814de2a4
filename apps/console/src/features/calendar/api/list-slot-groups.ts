import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import type { SlotGroup } from '@lanebook/core/calendar-schemas';
import { http } from '../../../lib/api';
import { calendarKey } from './keys';

/** A product's slot groups (its weekly plans), oldest first. */
export const slotGroupsQuery = (venueId: string | null, productId: string | null) =>
  queryOptions({
    queryKey: [...calendarKey(venueId), 'slot-groups', productId],
    queryFn: ({ signal }) => http.get<Paged<SlotGroup>>(`/api/private/product/${encodeURIComponent(productId!)}/slot-groups`, { signal }),
    enabled: Boolean(venueId && productId),
  });
