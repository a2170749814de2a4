import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GiftCardStatus } from '@lanebook/core/gift-cards';
import { client } from '../../../lib/api';
import { giftCardsKey } from './keys';

export interface GiftCardListFilters {
  /** The last four of a code (or a whole code), or part of a recipient's or buyer's name or email. */
  search?: string;
  status?: GiftCardStatus;
  limit: number;
  offset: number;
}

/** The venue's gift cards, newest first, each code as its last four. */
export const listGiftCardsQuery = (venueId: string | null, filters: GiftCardListFilters) =>
  queryOptions({
    queryKey: [...giftCardsKey(venueId), 'list', filters] as const,
    queryFn: ({ signal }) => client.get('/api/private/gift-cards', { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
    enabled: venueId !== null,
  });
