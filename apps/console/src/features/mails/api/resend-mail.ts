import { client } from '../../../lib/api';

export const resendMail = (id: string) => client.post('/api/private/mails/{id}/resend', { path: { id } });
