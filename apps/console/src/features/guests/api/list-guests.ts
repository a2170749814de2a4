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
 * The venue's guests. The answer says whether a page follows rather than counting them all (the
 * search keeps its speed on a venue of 200,000 guests), so the page is shaped here as the list
 * table reads one: `total` is this page's rows, `hasMore` whether there is a next.
 */
export const listGuestsQuery = (venueId: string | null, filters: GuestListFilters) =>
  queryOptions({
    queryKey: [...guestsKey(venueId), 'list', filters] as const,
    queryFn: ({ signal }) => client.get('/api/private/guests', { query: { ...filters }, signal }),
    select: (answer) => ({ items: answer.data, total: answer.data.length, hasMore: answer.hasMore }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null,
  });
