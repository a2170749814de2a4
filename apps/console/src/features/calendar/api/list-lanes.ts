import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** The venue's lanes, the rows of the lane day view. */
export const calendarLanesQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'resources', 'list', { calendar: true }),
    queryFn: ({ signal }) => client.get('/api/private/resources', { query: { limit: 500 }, signal }),
    enabled: Boolean(venueId),
  });
