import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { signaturesKey } from './keys';

export const signatureQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...signaturesKey(venueId), 'one', id] as const,
    queryFn: ({ signal }) => client.get('/api/private/signatures/{id}', { path: { id }, signal }),
    enabled: venueId !== null && id !== '',
  });
