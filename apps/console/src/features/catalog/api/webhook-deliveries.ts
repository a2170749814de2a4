import { queryOptions } from '@tanstack/react-query';
import type { WebhookDelivery } from '@lanebook/core/catalog';
import { http } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** A webhook integration's delivery log, newest first. */
export const webhookDeliveriesQuery = (venueId: string | null, integrationId: string, limit: number) =>
  queryOptions({
    queryKey: venueKey(venueId, 'integrations', integrationId, 'deliveries', limit),
    queryFn: ({ signal }) =>
      http.get<{ items: WebhookDelivery[]; total: number }>(`/api/private/integrations/${encodeURIComponent(integrationId)}/deliveries`, {
        query: { limit },
        signal,
      }),
    enabled: Boolean(venueId),
  });
