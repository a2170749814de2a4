import { z } from './zod.js';
import { instantSchema } from './api-schemas.js';

/**
 * The payments API's bodies and answers (decision 021): the venue's card-payment provider, its
 * bank accounts, balance and payouts. Money in integer cents; currencies lower-case ('usd', 'cad').
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const CURRENCIES = ['usd', 'cad'] as const;
export const BANK_COUNTRIES = ['US', 'CA'] as const;
export const BANK_ACCOUNT_STATUSES = ['active', 'pending', 'inactive'] as const;

/** The console's path of the balance page: /dashboard/ + the provider's name + "-balance". */
export const balancePath = (provider: PaymentProviderName) => `/dashboard/${provider}-balance`;

/** GET /api/private/payments: which provider the server uses, and where the venue stands with it. */
export const paymentsInfoSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  testMode: z.boolean(),
  currency: z.enum(CURRENCIES),
  /** The venue's bank status: active (verified, with a bank account), pending, inactive. */
  status: z.enum(BANK_ACCOUNT_STATUSES),
  /** Card payments can be taken (the provider verified the venue). */
  isPaymentsEnabled: z.boolean(),
  /** The provider's own dashboard, when it has one (its test-mode page with test keys). */
  dashboardUrl: z.string().nullable(),
});
export type PaymentsInfo = z.infer<typeof paymentsInfoSchema>;

export const onboardLinkBodySchema = z.object({ returnUrl: z.url('returnUrl must be a URL of the console') }).strict();
export const urlAnswerSchema = z.object({ url: z.string() });

const digits = (text: string) => text.replace(/[\s-]/g, '');

export const bankAccountCreateSchema = z
  .object({
    accountHolderName: z.string().trim().min(1, 'Enter the account holder name').max(100),
    country: z.enum(BANK_COUNTRIES, { message: 'Country must be US or CA' }),
    accountNumber: z.string().trim().transform(digits),
    routingNumber: z.string().trim().transform(digits),
    isDefaultForCurrency: z.boolean().default(false),
  })
  .strict()
  .superRefine((body, ctx) => {
    const us = body.country === 'US';
    const account = us ? /^\d{4,17}$/ : /^\d{7,12}$/;
    if (!account.test(body.accountNumber))
      ctx.addIssue({
        code: 'custom',
        path: ['accountNumber'],
        message: us ? 'A US account number has 4 to 17 digits' : 'A Canadian account number has 7 to 12 digits',
      });
    if (us ? !isAbaRoutingNumber(body.routingNumber) : !/^\d{8}$/.test(body.routingNumber))
      ctx.addIssue({
        code: 'custom',
        path: ['routingNumber'],
        message: us
          ? 'A US routing number has 9 digits (check the number printed on a cheque)'
          : 'A Canadian routing number is the 5-digit transit and 3-digit institution numbers',
      });
  });
export type BankAccountCreate = z.input<typeof bankAccountCreateSchema>;

/** A US routing (ABA) number: 9 digits whose weighted sum 3-7-1 is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

export const bankAccountUpdateSchema = z
  .object({ isDefaultForCurrency: z.literal(true, 'Make another account the default instead of unsetting this one') })
  .strict();

/** A bank account as every answer shows it: the account number masked to its last 4 digits. */
export const bankAccountSchema = z.object({
  id: z.string(),
  accountHolderName: z.string(),
  country: z.enum(BANK_COUNTRIES),
  currency: z.enum(CURRENCIES),
  /** "••••6789" */
  accountNumber: z.string(),
  last4: z.string(),
  routingNumber: z.string(),
  bankName: z.string().nullable(),
  isDefaultForCurrency: z.boolean(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountListSchema = z.object({ items: z.array(bankAccountSchema) });

const moneySchema = z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) });
export const balanceSchema = z.object({ available: z.array(moneySchema), pending: z.array(moneySchema) });
export type Balance = z.infer<typeof balanceSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  status: z.string(),
  arrivalDate: instantSchema,
  createdAt: instantSchema,
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutPageSchema = z.object({ list: z.array(payoutSchema), hasMore: z.boolean() });
export type PayoutPage = z.infer<typeof payoutPageSchema>;
export const payoutsQuerySchema = z
  .object({
    startingAfter: z.string().trim().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100').default(10),
  })
  .strict();

const amount = z
  .number()
  .int('Amounts are whole cents')
  .min(100, 'The amount must be at least 1.00')
  .max(10_000_000, 'The amount must be at most 100,000.00');
/** POST .../balance/deposit and .../payouts: an amount in cents of the venue's currency. */
export const amountBodySchema = z.object({ amount }).strict();

/** POST /api/private/booking/{id}/checkout with paymentMethod "card": the hosted checkout page to open. */
export const CARD_PAYMENT_METHOD = 'card';
/** The venue's cash method, however its name is written: the only one that takes a tendered amount and gives change. */
export const isCashMethod = (method: string) => method.trim().toLowerCase() === 'cash';
