import type { Booking, RefundStatus } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

/** One refund made, as the "Done!" dialog lists it. */
export interface RefundMade {
  id: string;
  amount: number;
  paymentMethodAlias: string;
  date: string;
  status: RefundStatus;
}

export interface RefundAnswer {
  booking: Booking;
  refunds: RefundMade[];
}

/**
 * Without overrideDeposit at most the booking's `refundable`; with it, the kept deposit of a no-show too.
 * lowerPrice (a live booking): the price drops by the amount, else the customer owes it again.
 */
export const refund = (id: string, body: { amount: number; overrideDeposit?: true; lowerPrice?: boolean }) =>
  http.post<RefundAnswer>(`/api/private/booking/${encodeURIComponent(id)}/refund`, body);
