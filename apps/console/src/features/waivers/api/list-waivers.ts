import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { waiversKey } from './keys';

/** The venue's waivers, optionally searched by title. */
export const listWaiversQuery = (venueId: string | null, search: string | undefined) =>
  queryOptions({
    queryKey: [...waiversKey(venueId), 'list', { search }] as const,
    queryFn: ({ signal }) => client.get('/api/private/waivers', { query: { search }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null,
  });
