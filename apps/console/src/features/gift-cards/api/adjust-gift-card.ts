import { client } from '../../../lib/api';

/** Adds (positive cents) or takes off (negative) an amount, with why; answers the card with its ledger. */
export const adjustGiftCard = (id: string, body: { amount: number; reason: string }) =>
  client.post('/api/private/gift-cards/{id}/adjust', { path: { id }, body });
