import type { ActivateAnswer } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';

/** A new person's invitation link: sets their password and joins the venue that invited them. */
export const activateInvitation = (input: { newPassword: string; token: string | null; invitation: string | null }) =>
  http.post<ActivateAnswer>('/api/public/invitations/activate', input, { noVenue: true });
