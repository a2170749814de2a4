import { venueKey } from '../../../lib/query-keys';

/** Everything about the venue's gift cards (the list, one card with its ledger) sits under this key. */
export const giftCardsKey = (venueId: string | null) => venueKey(venueId, 'gift-cards');
