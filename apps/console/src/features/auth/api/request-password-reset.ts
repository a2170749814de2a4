import { http } from '../../../lib/api';

/** Mails a reset link that leads back to this console's /reset-password. */
export const requestPasswordReset = (email: string) =>
  http.post<void>('/api/auth/request-password-reset', { email, redirectTo: `${window.location.origin}/reset-password` }, { noVenue: true });
