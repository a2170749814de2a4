import { client } from '../../../lib/api';

export const changeEmail = (input: { newEmail: string; password: string }) => client.post('/api/private/me/email', { body: input });
