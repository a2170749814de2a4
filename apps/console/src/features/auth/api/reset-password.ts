import { http } from '../../../lib/api';

export const resetPassword = (input: { newPassword: string; token: string | null }) =>
  http.post<void>('/api/auth/reset-password', input, { noVenue: true });
