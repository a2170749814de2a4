import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Venue } from '@lanebook/core/api-schemas';
import type { VenueUpdate } from '@lanebook/core/venue-schemas';
import { http } from './api';
import { venueKey } from './query-keys';
import { useSession } from './session';

/**
 * The open venue, as the venue, permissions and lanes pages read and change it. Shared by
 * several features, so it lives in lib/ (features never import each other).
 */
export const currentVenueQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'current'),
    queryFn: ({ signal }) => http.get<Venue>('/api/private/venues/current', { signal }),
    enabled: Boolean(venueId),
  });

export function useCurrentVenue() {
  return useQuery(currentVenueQuery(useSession().venueId));
}

/** Only the fields that changed, so two people editing different fields do not undo each other. */
export const updateCurrentVenue = (patch: VenueUpdate) => http.patch<Venue>('/api/private/venues/current', patch);
