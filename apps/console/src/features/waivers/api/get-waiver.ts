import { queryOptions } from '@tanstack/react-query';
import type { Waiver } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';
import { waiversKey } from './keys';

export const waiverQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...waiversKey(venueId), 'one', id] as const,
    queryFn: ({ signal }) => http.get<Waiver>(`/api/private/waivers/${encodeURIComponent(id)}`, { signal }),
    enabled: venueId !== null && id !== '',
  });
