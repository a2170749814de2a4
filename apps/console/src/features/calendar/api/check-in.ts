import { client } from '../../../lib/api';

/** Checks the whole group in (presence "fully"); the server logs it. */
export const checkInBooking = (id: string) =>
  client.post('/api/private/booking/{id}/presence', { path: { id }, body: { presenceStatus: 'fully' } });
