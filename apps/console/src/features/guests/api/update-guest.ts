import type { GuestUpdate } from '@lanebook/core/guest-schemas';
import { client } from '../../../lib/api';

/** Names, notes, the whole list of flags or the marketing answer: only what is sent changes. Answers the guest's page. */
export const updateGuest = (id: string, body: GuestUpdate) => client.patch('/api/private/guests/{id}', { path: { id }, body });
