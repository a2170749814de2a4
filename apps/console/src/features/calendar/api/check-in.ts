import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

/** Checks the whole group in (presence "fully"); the server logs it. */
export const checkInBooking = (id: string) =>
  http.post<Booking>(`/api/private/booking/${encodeURIComponent(id)}/presence`, { presenceStatus: 'fully' });
