import { client } from '../../../lib/api';

/** Payouts in the account's currency go to it from now on. */
export const makeDefaultBankAccount = (id: string) =>
  client.patch('/api/private/bank-accounts/{id}', { path: { id }, body: { isDefaultForCurrency: true } });
