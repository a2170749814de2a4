import { client } from '../../../lib/api';

/**
 * Removes the person from the guest and every booking and signature of theirs, keeping the money
 * and the counts; refused (409) while a booking of theirs is upcoming.
 */
export const eraseGuest = (id: string, reason: string) => client.post('/api/private/guests/{id}/erase', { path: { id }, body: { reason } });
