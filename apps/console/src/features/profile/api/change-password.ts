import { http } from '../../../lib/api';

/** Signs the person's other sessions out. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  http.post<void>('/api/private/me/password', input);
