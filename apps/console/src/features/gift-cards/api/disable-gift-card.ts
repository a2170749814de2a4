import { client } from '../../../lib/api';

/** Disables an active card: its code pays nothing from now on; the balance stays in its ledger. */
export const disableGiftCard = (id: string, reason: string) =>
  client.post('/api/private/gift-cards/{id}/disable', { path: { id }, body: reason ? { reason } : {} });
