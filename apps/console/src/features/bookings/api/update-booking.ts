import type { Booking, BookingUpdate } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

export const updateBooking = (id: string, body: BookingUpdate) => http.put<Booking>(`/api/private/booking/${encodeURIComponent(id)}`, body);
