import { client } from '../../../lib/api';

/** Signs the person's other sessions out. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  client.post('/api/private/me/password', { body: input });
