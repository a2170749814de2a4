import { client } from '../../../lib/api';

/**
 * Collects an amount with one of the venue's payment methods (Cash, a POS terminal); cash tendered
 * answers the change. With paymentMethod giftCard and its code the card pays what it holds up to
 * the amount: the answer's appliedGiftCard says how much, and what the card holds now.
 */
export const checkout = async (id: string, body: { amount: number; paymentMethod: string; tendered?: number; giftCardCode?: string }) => {
  const answer = await client.post('/api/private/booking/{id}/checkout', { path: { id }, body });
  // The route answers the provider's page for the card (card-checkout.ts), the booking and the change for any other method.
  if ('url' in answer) throw new Error('A card is paid on the payment provider page.');
  return answer;
};
