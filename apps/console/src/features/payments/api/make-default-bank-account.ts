import type { BankAccount } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';

/** Payouts in the account's currency go to it from now on. */
export const makeDefaultBankAccount = (id: string) =>
  http.patch<BankAccount>(`/api/private/bank-accounts/${encodeURIComponent(id)}`, { isDefaultForCurrency: true });
