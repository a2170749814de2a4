import { http } from '../../../lib/api';

export const deleteBooking = (id: string) => http.delete<void>(`/api/private/booking/${encodeURIComponent(id)}`);
