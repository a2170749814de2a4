import { client } from '../../../lib/api';

export const updateProfile = (patch: { name: string; phone: string; image: string | null }) =>
  client.patch('/api/private/me', { body: patch });
