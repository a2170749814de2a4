import type { VenueRole } from '@lanebook/core/permissions';
import { client } from '../../../lib/api';

export const inviteUser = (input: { email: string; role: VenueRole }) => client.post('/api/private/users', { body: input });
