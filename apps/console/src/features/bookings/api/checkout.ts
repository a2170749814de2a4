import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

/** Collects an amount with one of the venue's payment methods (Cash, a POS terminal). */
export const checkout = (id: string, body: { amount: number; paymentMethod: string }) =>
  http.post<Booking>(`/api/private/booking/${encodeURIComponent(id)}/checkout`, body);
