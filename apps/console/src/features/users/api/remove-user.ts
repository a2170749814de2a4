import { http } from '../../../lib/api';

/** Removes the person from the venue (not their account). */
export const removeUser = (id: string) => http.delete<void>(`/api/private/users/${encodeURIComponent(id)}`);
