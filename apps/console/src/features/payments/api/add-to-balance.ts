import type { Balance, PaymentProviderName } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';

/** Tops the balance up (cents of the venue's currency), so refunds can be paid after a payout; answers the new balance. */
export const addToBalance = (provider: PaymentProviderName, amount: number) =>
  http.post<Balance>(`/api/private/${provider}/balance/deposit`, { amount });
