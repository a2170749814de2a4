import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { waiversKey } from './keys';

export const waiverQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...waiversKey(venueId), 'one', id] as const,
    queryFn: ({ signal }) => client.get('/api/private/waivers/{id}', { path: { id }, signal }),
    enabled: venueId !== null && id !== '',
  });
