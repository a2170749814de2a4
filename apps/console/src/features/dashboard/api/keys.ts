import { venueKey } from '../../../lib/query-keys';

/**
 * Every statistics call of a venue sits under this key: the live stream (lib/live.ts) invalidates
 * it when the venue's bookings (and so their payments and refunds) or slots change.
 */
export const statisticsKey = (venueId: string | null) => venueKey(venueId, 'statistics');
