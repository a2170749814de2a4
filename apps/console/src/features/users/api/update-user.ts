import type { VenueUser } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';

/** A person's profile: the server allows it to the person and to superadmins only. */
export const updateUser = (id: string, patch: { name?: string; phone?: string }) =>
  http.patch<VenueUser>(`/api/private/users/${encodeURIComponent(id)}`, patch);
