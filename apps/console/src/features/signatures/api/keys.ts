import { accountKey, venueKey } from '../../../lib/query-keys';

/** Everything about the venue's signatures (lists, one signature, a booking's waiver to sign) sits under this key. */
export const signaturesKey = (venueId: string | null) => venueKey(venueId, 'signatures');

/** The public signing page's data: no venue is open there (no sign-in), so it is not a venue's key. */
export const publicWaiverKey = (bookingReference: string) => accountKey('public-waiver', bookingReference);
