import { venueKey } from '../../../lib/query-keys';

/** Everything about a venue's users sits under this key: invalidating it drops lists and people after a change. */
export const usersKey = (venueId: string | null) => venueKey(venueId, 'users');
