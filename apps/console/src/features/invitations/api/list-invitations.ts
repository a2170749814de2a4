import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { accountKey } from '../../../lib/query-keys';

/** The signed-in person's own invitations: not venue calls, so no X-Venue-Id and an account key. */
export const invitationsQuery = () =>
  queryOptions({
    queryKey: accountKey('invitations'),
    queryFn: ({ signal }) => client.get('/api/private/invitations', { signal, noVenue: true }),
  });
