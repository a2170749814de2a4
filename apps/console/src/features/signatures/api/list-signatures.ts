import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SIGNATURE_SORTS, SIGNATURE_TYPES } from '@lanebook/core/waiver-schemas';
import { client } from '../../../lib/api';
import { signaturesKey } from './keys';

export interface SignatureListFilters {
  type: (typeof SIGNATURE_TYPES)[number];
  sort: (typeof SIGNATURE_SORTS)[number];
  search?: string;
  page: number;
}

/** The venue's signatures, 100 a page (SIGNATURES_PAGE_SIZE). */
export const listSignaturesQuery = (venueId: string | null, filters: SignatureListFilters) =>
  queryOptions({
    queryKey: [...signaturesKey(venueId), 'list', filters] as const,
    queryFn: ({ signal }) => client.get('/api/private/signatures', { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null,
  });
