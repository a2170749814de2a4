import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { signaturesKey } from './keys';

/** The waiver a booking's players sign at the desk, with how many have signed; 404 when its product has no active waiver. */
export const deskWaiverQuery = (venueId: string | null, bookingId: string) =>
  queryOptions({
    queryKey: [...signaturesKey(venueId), 'booking', bookingId, 'waiver'] as const,
    queryFn: ({ signal }) => client.get('/api/private/booking/{id}/waiver', { path: { id: bookingId }, signal }),
    enabled: venueId !== null && bookingId !== '',
    retry: false,
  });
