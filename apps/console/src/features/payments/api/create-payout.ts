import type { PaymentProviderName, Payout } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';

/** Pays an amount (cents of the venue's currency) out to the default bank account of that currency. */
export const createPayout = (provider: PaymentProviderName, amount: number) =>
  http.post<Payout>(`/api/private/${provider}/payouts`, { amount });
