import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

export interface RefundAnswer {
  booking: Booking;
  refunds: { amount: number; paymentMethodAlias: string; date: string }[];
}

/** Without overrideDeposit at most the booking's `refundable`; with it, the kept deposit of a no-show too. */
export const refund = (id: string, body: { amount: number; overrideDeposit?: true }) =>
  http.post<RefundAnswer>(`/api/private/booking/${encodeURIComponent(id)}/refund`, body);
