import type { Venue } from '@lanebook/core/api-schemas';
import type { PermissionsMap } from '@lanebook/core/permissions';
import { http } from '../../../lib/api';

/** Replaces the venue's permissions map; answers the venue with the new map. */
export const savePermissions = (map: PermissionsMap) => http.put<Venue>('/api/private/venues/current/permissions', map);
