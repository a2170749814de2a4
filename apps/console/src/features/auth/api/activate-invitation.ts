import { http } from '../../../lib/api';

/** A new person's invitation link: sets their password and joins the venue that invited them. */
export const activateInvitation = (input: { newPassword: string; token: string | null; invitation: string | null }) =>
  http.post<{ venue: { venueName: string } | null }>('/api/public/invitations/activate', input, { noVenue: true });
