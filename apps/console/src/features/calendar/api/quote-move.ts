import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';
import type { LaneMove } from '../lane-view';

/**
 * The price of a dragged booking's move before it is saved: the edit form's question
 * (GET .../quote, decision 028), asked with the slots and lanes of the drop. A move the server
 * refuses (a lane taken then, 409) is an error with its reason.
 */
export const moveQuoteQuery = (venueId: string | null, bookingId: string | null, move: LaneMove | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'bookings', 'move-quote', bookingId ?? '', move),
    queryFn: ({ signal }) =>
      client.get('/api/private/booking/{id}/quote', {
        path: { id: bookingId! },
        query: { slots: move!.slots.join(','), resourceIds: move!.resourceIds.join(',') },
        signal,
      }),
    enabled: Boolean(venueId && bookingId && move),
    retry: false,
    // A quote is for the moment it is asked: a drop asked again is asked anew.
    gcTime: 0,
  });
