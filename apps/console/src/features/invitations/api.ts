import type { Paged, PendingInvitation, VenueMembership } from '@lanebook/core/api-types';
import { http } from '../../lib/api';

/** The signed-in person's own invitations: not venue calls, so no X-Venue-Id. */
export const invitationsKey = ['invitations'] as const;

export const invitationsApi = {
  list: (signal?: AbortSignal) => http.get<Paged<PendingInvitation>>('/api/private/invitations', { signal, noVenue: true }),
  accept: (venueId: string) =>
    http.post<VenueMembership>(`/api/private/invitations/${encodeURIComponent(venueId)}/accept`, {}, { noVenue: true }),
  decline: (venueId: string) => http.post<void>(`/api/private/invitations/${encodeURIComponent(venueId)}/decline`, {}, { noVenue: true }),
};
