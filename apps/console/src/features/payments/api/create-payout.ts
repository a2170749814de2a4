import type { PaymentProviderName } from '@lanebook/core/payment-schemas';
import { client } from '../../../lib/api';

/** Pays an amount (cents of the venue's currency) out to the default bank account of that currency. */
export const createPayout = (provider: PaymentProviderName, amount: number) =>
  client.post('/api/private/{provider}/payouts', { path: { provider }, body: { amount } });
