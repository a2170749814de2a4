import { client } from '../../../lib/api';

export const withdrawInvitation = (email: string) => client.delete('/api/private/users/invitations/{email}', { path: { email } });
