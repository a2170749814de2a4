import type { BookingCreate } from '@lanebook/core/booking-schemas';
import { client } from '../../../lib/api';

export const createBooking = (body: BookingCreate) => client.post('/api/private/booking', { body });
