import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GuestFlagType } from '@lanebook/core/guest-schemas';
import { client } from '../../../lib/api';
import { guestsKey } from '../../../lib/guests';

export interface GuestListFilters {
  /** A name (either order), an email, a phone or its last four: as the booking list's All search reads it. */
  search?: string;
  flag?: GuestFlagType;
  limit: number;
  offset: number;
}

/**
 * The venue's guests: a page, and how many match up to 1,000 (`totalCapped`: more than that, as the
 * booking list counts); `hasMore` says whether a page follows.
 */
export const listGuestsQuery = (venueId: string | null, filters: GuestListFilters) =>
  queryOptions({
    queryKey: [...guestsKey(venueId), 'list', filters] as const,
    queryFn: ({ signal }) => client.get('/api/private/guests', { query: { ...filters }, signal }),
    select: (answer) => ({ ...answer, hasMore: answer.totalCapped || filters.offset + answer.items.length < answer.total }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null,
  });
