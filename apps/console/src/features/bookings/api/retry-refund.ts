import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

/** Sends a failed card refund to the provider again (the same refund row: never two refunds). */
export const retryRefund = (id: string, refundId: string) =>
  http.post<Booking>(`/api/private/booking/${encodeURIComponent(id)}/refunds/${encodeURIComponent(refundId)}/retry`);
