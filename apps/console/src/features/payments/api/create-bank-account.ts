import type { z } from '@lanebook/core/zod';
import type { BankAccount, bankAccountCreateSchema } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';

export const createBankAccount = (body: z.output<typeof bankAccountCreateSchema>) =>
  http.post<BankAccount>('/api/private/bank-accounts', body);
