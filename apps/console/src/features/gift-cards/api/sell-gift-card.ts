import type { GiftCardSale } from '@lanebook/core/gift-card-schemas';
import { client } from '../../../lib/api';

/**
 * Sells a card for one of the venue's payment methods, or gives it away (`complimentary` with a
 * reason). The answer is the only one that ever holds the full code.
 */
export const sellGiftCard = (body: GiftCardSale) => client.post('/api/private/gift-cards', { body });
