import { client } from '../../../lib/api';

/** A person's profile: the server allows it to the person and to superadmins only. */
export const updateUser = (id: string, patch: { name?: string; phone?: string }) =>
  client.patch('/api/private/users/{id}', { path: { id }, body: patch });
