import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/api';
import { giftCardsKey } from './keys';

/** One card with its ledger, oldest entry first. */
export const giftCardQuery = (venueId: string | null, id: string) =>
  queryOptions({
    queryKey: [...giftCardsKey(venueId), 'one', id] as const,
    queryFn: ({ signal }) => client.get('/api/private/gift-cards/{id}', { path: { id }, signal }),
    enabled: venueId !== null && id !== '',
  });
