import type { VenueUser } from '@lanebook/core/api-schemas';
import type { VenueRole } from '@lanebook/core/permissions';
import { http } from '../../../lib/api';

export const changeRole = (id: string, role: VenueRole) =>
  http.patch<VenueUser>(`/api/private/users/${encodeURIComponent(id)}/role`, { role });
