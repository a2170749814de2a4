import { client } from '../../../lib/api';

/** The default account of its currency is refused (409): make another one the default first. */
export const deleteBankAccount = (id: string) => client.delete('/api/private/bank-accounts/{id}', { path: { id } });
