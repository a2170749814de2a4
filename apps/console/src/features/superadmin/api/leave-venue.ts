import { http } from '../../../lib/api';

/** A superadmin leaves the open venue they joined (sent with X-Venue-Id: it is that venue's membership). */
export const leaveVenue = () => http.delete<void>('/api/private/venues/current/membership');
