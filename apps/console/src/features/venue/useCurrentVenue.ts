import { useQuery } from '@tanstack/react-query';
import type { Venue } from '@lanebook/core/api-types';
import { useSession } from '../../app/session';
import { http } from '../../lib/api';

/** The open venue, as the venue and permissions pages edit it. Keyed by venue so a switch never shows the old one. */
export const currentVenueKey = (venueId: string | null) => ['venue', 'current', venueId] as const;

export function useCurrentVenue() {
  const { venueId } = useSession();
  return useQuery({
    queryKey: currentVenueKey(venueId),
    queryFn: ({ signal }) => http.get<Venue>('/api/private/venues/current', { signal }),
    enabled: Boolean(venueId),
  });
}
