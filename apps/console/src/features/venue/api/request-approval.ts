import { http } from '../../../lib/api';

/**
 * Asks the platform to take the open venue's widget live: inactive → pending, until a
 * superadmin approves it. The console reads the venue again afterwards (lib/current-venue.ts),
 * so nothing here depends on the answer's body.
 */
export const requestApproval = () => http.post<unknown>('/api/private/venues/current/request-approval');
