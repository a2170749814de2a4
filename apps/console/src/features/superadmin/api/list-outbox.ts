import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { noVenue, superadminKeys } from './keys';

export const listOutboxQuery = (query: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...superadminKeys.outbox, query] as const,
    queryFn: ({ signal }) => client.get('/api/private/superadmin/outbox', { ...noVenue, query, signal }),
    placeholderData: keepPreviousData,
  });
