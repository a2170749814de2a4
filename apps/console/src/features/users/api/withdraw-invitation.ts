import { http } from '../../../lib/api';

export const withdrawInvitation = (email: string) => http.delete<void>(`/api/private/users/invitations/${encodeURIComponent(email)}`);
