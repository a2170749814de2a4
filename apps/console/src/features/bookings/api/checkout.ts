import type { CheckoutAnswer } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

/** Collects an amount with one of the venue's payment methods (Cash, a POS terminal); cash tendered answers the change. */
export const checkout = (id: string, body: { amount: number; paymentMethod: string; tendered?: number }) =>
  http.post<CheckoutAnswer>(`/api/private/booking/${encodeURIComponent(id)}/checkout`, body);
