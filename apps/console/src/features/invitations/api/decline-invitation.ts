import { http } from '../../../lib/api';

export const declineInvitation = (venueId: string) =>
  http.post<void>(`/api/private/invitations/${encodeURIComponent(venueId)}/decline`, {}, { noVenue: true });
