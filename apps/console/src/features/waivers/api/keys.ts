import { venueKey } from '../../../lib/query-keys';

/** Everything about the venue's waivers sits under this key: invalidating it refreshes the list and open waivers. */
export const waiversKey = (venueId: string | null) => venueKey(venueId, 'waivers');
