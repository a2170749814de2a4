import { queryOptions } from '@tanstack/react-query';
import type { Signature } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';
import { signaturesKey } from './keys';

export const signatureQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...signaturesKey(venueId), 'one', id] as const,
    queryFn: ({ signal }) => http.get<Signature>(`/api/private/signatures/${encodeURIComponent(id)}`, { signal }),
    enabled: venueId !== null && id !== '',
  });
