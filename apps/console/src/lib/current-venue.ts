import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueUpdate } from '@lanebook/core/venue-schemas';
import { client } from './api';
import { venueKey } from './query-keys';
import { useSession } from './session';

/**
 * The open venue, as the venue, permissions and lanes pages read and change it. Shared by
 * several features, so it lives in lib/ (features never import each other).
 */
export const currentVenueQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'current'),
    queryFn: ({ signal }) => client.get('/api/private/venues/current', { signal }),
    enabled: Boolean(venueId),
  });

export function useCurrentVenue() {
  return useQuery(currentVenueQuery(useSession().venueId));
}

/** Only the fields that changed, so two people editing different fields do not undo each other. */
export const updateCurrentVenue = (patch: VenueUpdate) => client.patch('/api/private/venues/current', { body: patch });
