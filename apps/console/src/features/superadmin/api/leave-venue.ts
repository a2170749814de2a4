import { client } from '../../../lib/api';

/** A superadmin leaves the open venue they joined (sent with X-Venue-Id: it is that venue's membership). */
export const leaveVenue = () => client.delete('/api/private/venues/current/membership');
