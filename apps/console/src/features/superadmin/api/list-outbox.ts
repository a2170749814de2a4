import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OutboxMail, Paged } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';
import { noVenue, superadminKeys } from './keys';

export const listOutboxQuery = (query: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...superadminKeys.outbox, query] as const,
    queryFn: ({ signal }) => http.get<Paged<OutboxMail>>('/api/private/superadmin/outbox', { ...noVenue, query, signal }),
    placeholderData: keepPreviousData,
  });
