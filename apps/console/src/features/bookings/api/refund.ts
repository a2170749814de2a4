import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

export interface RefundAnswer {
  booking: Booking;
  refunds: { amount: number; paymentMethodAlias: string; date: string }[];
}

export const refund = (id: string, amount: number) =>
  http.post<RefundAnswer>(`/api/private/booking/${encodeURIComponent(id)}/refund`, { amount });
