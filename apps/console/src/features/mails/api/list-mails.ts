import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

export const listMailsQuery = (venueId: string | null, query: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: venueKey(venueId, 'mails', query),
    queryFn: ({ signal }) => client.get('/api/private/mails', { query, signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(venueId),
  });
