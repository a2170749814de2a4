import { client } from '../../../lib/api';

/** `otherId` joins the guest `id`: its bookings, signatures and log move there. Answers the guest that stays. */
export const mergeGuest = (id: string, otherId: string) =>
  client.post('/api/private/guests/{id}/merge', { path: { id }, body: { guestId: otherId } });
