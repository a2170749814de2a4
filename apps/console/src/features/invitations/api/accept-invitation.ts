import type { VenueMembership } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';

export const acceptInvitation = (venueId: string) =>
  http.post<VenueMembership>(`/api/private/invitations/${encodeURIComponent(venueId)}/accept`, {}, { noVenue: true });
