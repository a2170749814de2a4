import { CARD_PAYMENT_METHOD } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';

/**
 * Starts a card payment of an amount: the answer is the provider's hosted checkout page, where
 * the customer pays; it comes back to /bookings/{id}/view?payment=done (or ?payment=canceled).
 */
export const startCardCheckout = (id: string, amount: number) =>
  http.post<{ url: string }>(`/api/private/booking/${encodeURIComponent(id)}/checkout`, { amount, paymentMethod: CARD_PAYMENT_METHOD });
