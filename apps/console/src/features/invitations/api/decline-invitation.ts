import { client } from '../../../lib/api';

export const declineInvitation = (venueId: string) =>
  client.post('/api/private/invitations/{venueId}/decline', { path: { venueId }, noVenue: true });
