import type { PermissionsMap } from '@lanebook/core/permissions';
import { client } from '../../../lib/api';

/** Replaces the venue's permissions map; answers the venue with the new map. */
export const savePermissions = (map: PermissionsMap) => client.put('/api/private/venues/current/permissions', { body: map });
