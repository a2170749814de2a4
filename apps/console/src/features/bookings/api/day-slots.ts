import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** A product's slots of one date with their free lanes (the staff calendar's call: private slots too). */
export const daySlotsQuery = (venueId: string | null, productId: string | null, date: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'calendar', 'booking-form', productId, date),
    queryFn: ({ signal }) =>
      client
        .get('/api/private/product/calendar', { query: { from: date!, to: date!, productIds: productId! }, signal })
        .then((answer) => answer.days.flatMap((day) => day.slots)),
    enabled: Boolean(venueId && productId && date),
  });
