import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { usersKey } from './keys';

/** One person of the venue. */
export const getUserQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...usersKey(venueId), 'detail', id] as const,
    queryFn: ({ signal }) => client.get('/api/private/users/{id}', { path: { id }, signal }),
    enabled: venueId !== null,
  });
