import type { InviteAnswer } from '@lanebook/core/api-schemas';
import type { VenueRole } from '@lanebook/core/permissions';
import { http } from '../../../lib/api';

export const inviteUser = (input: { email: string; role: VenueRole }) => http.post<InviteAnswer>('/api/private/users', input);
