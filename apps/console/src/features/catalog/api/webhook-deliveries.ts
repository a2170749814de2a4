import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** A webhook integration's delivery log, newest first. */
export const webhookDeliveriesQuery = (venueId: string | null, integrationId: string, limit: number) =>
  queryOptions({
    queryKey: venueKey(venueId, 'integrations', integrationId, 'deliveries', limit),
    queryFn: ({ signal }) =>
      client.get('/api/private/integrations/{id}/deliveries', {
        path: { id: integrationId },
        query: { limit },
        signal,
      }),
    enabled: Boolean(venueId),
  });
