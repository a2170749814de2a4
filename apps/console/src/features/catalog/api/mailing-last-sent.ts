import { queryOptions } from '@tanstack/react-query';
import type { MailingLastSent } from '@lanebook/core/catalog';
import { http } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** When the venue's mail of each type last went out (null: never). */
export const mailingLastSentQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'mailing-templates', 'last-sent'),
    queryFn: ({ signal }) => http.get<MailingLastSent>('/api/private/mailing-templates/last-sent', { signal }),
    enabled: Boolean(venueId),
  });
