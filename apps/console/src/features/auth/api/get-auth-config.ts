import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { accountKey } from '../../../lib/query-keys';

export const authConfigQuery = () =>
  queryOptions({
    queryKey: accountKey('auth-config'),
    queryFn: ({ signal }) => client.get('/api/public/auth-config', { noVenue: true, signal }),
    // The provider list changes only with a server restart.
    staleTime: Infinity,
  });
