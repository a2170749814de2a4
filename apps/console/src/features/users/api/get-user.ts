import { queryOptions } from '@tanstack/react-query';
import type { VenueUser } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';
import { usersKey } from './keys';

/** One person of the venue. */
export const getUserQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...usersKey(venueId), 'detail', id] as const,
    queryFn: ({ signal }) => http.get<VenueUser>(`/api/private/users/${encodeURIComponent(id)}`, { signal }),
    enabled: venueId !== null,
  });
