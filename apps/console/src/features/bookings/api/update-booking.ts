import type { BookingUpdate } from '@lanebook/core/booking-schemas';
import { client } from '../../../lib/api';

export const updateBooking = (id: string, body: BookingUpdate) => client.put('/api/private/booking/{id}', { path: { id }, body });
