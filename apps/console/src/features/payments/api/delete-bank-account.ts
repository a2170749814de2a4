import { http } from '../../../lib/api';

/** The default account of its currency is refused (409): make another one the default first. */
export const deleteBankAccount = (id: string) => http.delete<void>(`/api/private/bank-accounts/${encodeURIComponent(id)}`);
