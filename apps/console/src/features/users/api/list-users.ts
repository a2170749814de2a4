import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VenueRole } from '@lanebook/core/permissions';
import { client } from '../../../lib/api';
import { usersKey } from './keys';

export interface UserListFilters {
  role?: VenueRole;
  sort: 'az' | 'za' | 'new' | 'old';
  search?: string;
}

/** The venue's members and open invitations. */
export const listUsersQuery = (venueId: string | null, filters: UserListFilters) =>
  queryOptions({
    queryKey: [...usersKey(venueId), 'list', filters] as const,
    queryFn: ({ signal }) => client.get('/api/private/users', { query: { ...filters }, signal }),
    // Changing a filter keeps the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
    // Venue routes answer 400 without a venue: wait until one is chosen.
    enabled: venueId !== null,
  });
