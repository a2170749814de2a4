import { client } from '../../../lib/api';

export const acceptInvitation = (venueId: string) =>
  client.post('/api/private/invitations/{venueId}/accept', { path: { venueId }, noVenue: true });
