import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import type { Signature } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';
import { signaturesKey } from './keys';

/** The signatures of one booking. */
export const bookingSignaturesQuery = (venueId: string | null, bookingId: string) =>
  queryOptions({
    queryKey: [...signaturesKey(venueId), 'booking', bookingId, 'list'] as const,
    queryFn: ({ signal }) => http.get<Paged<Signature>>(`/api/private/booking/${encodeURIComponent(bookingId)}/signatures`, { signal }),
    enabled: venueId !== null && bookingId !== '',
  });
