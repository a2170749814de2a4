import type { VenueRole } from '@lanebook/core/permissions';
import { client } from '../../../lib/api';

export const changeRole = (id: string, role: VenueRole) => client.patch('/api/private/users/{id}/role', { path: { id }, body: { role } });
