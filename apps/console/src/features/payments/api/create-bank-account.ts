import type { z } from '@lanebook/core/zod';
import type { bankAccountCreateSchema } from '@lanebook/core/payment-schemas';
import { client } from '../../../lib/api';

export const createBankAccount = (body: z.output<typeof bankAccountCreateSchema>) => client.post('/api/private/bank-accounts', { body });
