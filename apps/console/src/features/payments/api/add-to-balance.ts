import type { PaymentProviderName } from '@lanebook/core/payment-schemas';
import { client } from '../../../lib/api';

/** Tops the balance up (cents of the venue's currency), so refunds can be paid after a payout; answers the new balance. */
export const addToBalance = (provider: PaymentProviderName, amount: number) =>
  client.post('/api/private/{provider}/balance/deposit', { path: { provider }, body: { amount } });
