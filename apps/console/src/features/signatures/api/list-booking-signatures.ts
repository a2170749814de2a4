import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { signaturesKey } from './keys';

/** The signatures of one booking. */
export const bookingSignaturesQuery = (venueId: string | null, bookingId: string) =>
  queryOptions({
    queryKey: [...signaturesKey(venueId), 'booking', bookingId, 'list'] as const,
    queryFn: ({ signal }) => client.get('/api/private/booking/{id}/signatures', { path: { id: bookingId }, signal }),
    enabled: venueId !== null && bookingId !== '',
  });
