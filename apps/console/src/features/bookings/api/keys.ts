import { venueKey } from '../../../lib/query-keys';

/** Everything about a venue's bookings sits under this key: invalidating it refreshes lists and open bookings. */
export const bookingsKey = (venueId: string | null) => venueKey(venueId, 'bookings');
