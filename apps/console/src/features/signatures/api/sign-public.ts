import type { SigningBody } from '@lanebook/core/waiver-schemas';
import { client } from '../../../lib/api';

/** A customer signs for a booking they know the reference of; answers the new count of signatures. */
export const signPublic = (bookingReference: string, body: SigningBody) =>
  client.post('/api/public/booking/{id}/signatures', { path: { id: bookingReference }, body, noVenue: true });
