import type { Booking, BookingCreate } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

export const createBooking = (body: BookingCreate) => http.post<Booking>('/api/private/booking', body);
