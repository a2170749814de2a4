import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** When the venue's mail of each type last went out (null: never). */
export const mailingLastSentQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'mailing-templates', 'last-sent'),
    queryFn: ({ signal }) => client.get('/api/private/mailing-templates/last-sent', { signal }),
    enabled: Boolean(venueId),
  });
