import { client } from '../../../lib/api';

/** A new person's invitation link: sets their password and joins the venue that invited them. */
export const activateInvitation = (input: { newPassword: string; token: string; invitation: string }) =>
  client.post('/api/public/invitations/activate', { body: input, noVenue: true });
