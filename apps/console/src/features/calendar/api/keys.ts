import { venueKey } from '../../../lib/query-keys';

/** Everything the calendar page reads sits under this key: invalidating it refreshes slots and non-working days. */
export const calendarKey = (venueId: string | null) => venueKey(venueId, 'calendar');
