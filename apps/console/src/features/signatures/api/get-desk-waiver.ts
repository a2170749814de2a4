import { queryOptions } from '@tanstack/react-query';
import type { PublicWaiver } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';
import { signaturesKey } from './keys';

/** The waiver a booking's players sign at the desk, with how many have signed; 404 when its product has no active waiver. */
export const deskWaiverQuery = (venueId: string | null, bookingId: string) =>
  queryOptions({
    queryKey: [...signaturesKey(venueId), 'booking', bookingId, 'waiver'] as const,
    queryFn: ({ signal }) => http.get<PublicWaiver>(`/api/private/booking/${encodeURIComponent(bookingId)}/waiver`, { signal }),
    enabled: venueId !== null && bookingId !== '',
    retry: false,
  });
