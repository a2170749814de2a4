import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import type { Waiver } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';
import { waiversKey } from './keys';

/** The venue's waivers, optionally searched by title. */
export const listWaiversQuery = (venueId: string | null, search: string | undefined) =>
  queryOptions({
    queryKey: [...waiversKey(venueId), 'list', { search }] as const,
    queryFn: ({ signal }) => http.get<Paged<Waiver>>('/api/private/waivers', { query: { search }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null,
  });
