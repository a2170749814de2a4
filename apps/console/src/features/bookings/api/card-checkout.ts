import { CARD_PAYMENT_METHOD } from '@lanebook/core/payment-schemas';
import { client } from '../../../lib/api';

/**
 * Starts a card payment of an amount: the answer is the provider's hosted checkout page, where
 * the customer pays; it comes back to /bookings/{id}/view?payment=done (or ?payment=canceled).
 */
export const startCardCheckout = async (id: string, amount: number) => {
  const answer = await client.post('/api/private/booking/{id}/checkout', {
    path: { id },
    body: { amount, paymentMethod: CARD_PAYMENT_METHOD },
  });
  // The route answers the booking for a method taken at the venue, the provider's page for the card.
  if (!('url' in answer)) throw new Error('The payment provider gave no checkout page.');
  return answer;
};
