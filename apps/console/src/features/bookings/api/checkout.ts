import { client } from '../../../lib/api';

/** Collects an amount with one of the venue's payment methods (Cash, a POS terminal); cash tendered answers the change. */
export const checkout = async (id: string, body: { amount: number; paymentMethod: string; tendered?: number }) => {
  const answer = await client.post('/api/private/booking/{id}/checkout', { path: { id }, body });
  // The route answers the provider's page for the card (card-checkout.ts), the booking and the change for any other method.
  if ('url' in answer) throw new Error('A card is paid on the payment provider page.');
  return answer;
};
