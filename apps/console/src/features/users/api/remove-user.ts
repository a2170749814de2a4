import { client } from '../../../lib/api';

/** Removes the person from the venue (not their account). */
export const removeUser = (id: string) => client.delete('/api/private/users/{id}', { path: { id } });
