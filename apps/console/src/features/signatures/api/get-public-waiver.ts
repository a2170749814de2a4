import { queryOptions } from '@tanstack/react-query';
import type { PublicWaiver } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';
import { publicWaiverKey } from './keys';

/** The waiver to sign for a booking reference, without signing in; 404 when there is nothing to sign. */
export const publicWaiverQuery = (bookingReference: string) =>
  queryOptions({
    queryKey: publicWaiverKey(bookingReference),
    queryFn: ({ signal }) =>
      http.get<PublicWaiver>(`/api/public/booking/${encodeURIComponent(bookingReference)}/waiver`, { signal, noVenue: true }),
    enabled: bookingReference !== '',
    retry: false,
  });
