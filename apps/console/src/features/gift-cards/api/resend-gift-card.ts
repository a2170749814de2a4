import { client } from '../../../lib/api';

/** Sends the recipient's mail with the code again; with an address, to it (kept as the recipient's). */
export const resendGiftCard = (id: string, recipientEmail?: string) =>
  client.post('/api/private/gift-cards/{id}/resend', { path: { id }, body: recipientEmail ? { recipientEmail } : {} });
