import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '@lanebook/core';
import {
  amountBodySchema,
  balanceSchema,
  bankAccountCreateSchema,
  bankAccountListSchema,
  bankAccountSchema,
  bankAccountUpdateSchema,
  onboardLinkBodySchema,
  paymentsInfoSchema,
  payoutPageSchema,
  payoutSchema,
  payoutsQuerySchema,
  urlAnswerSchema,
  type BankAccount,
} from '@lanebook/core/payment-schemas';
import type { ModuleRoutes } from '../../platform/module.js';
import { venueOf } from '../../platform/access.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { errorResponses } from '../../platform/http.js';
import {
  currencyOfCountry,
  PaymentProviderError,
  WebhookSignatureError,
  type BankAccount as ProviderBankAccount,
} from '../../platform/payments/provider.js';
import { giftCardMailerOf } from '../gift-cards/mail.js';
import { accountOf, applyWebhookEvent, ensureAccount, paymentsInfo, syncAccountStatus } from './service.js';

const tags = ['payments'];
const providerParams = z.object({ provider: z.string().min(1).max(40) });
const bankAccountParams = z.object({ id: z.string().trim().min(1).max(100) });

/** Every answer shows a bank account's number masked to its last four digits. */
const masked = (account: ProviderBankAccount): BankAccount => ({ ...account, accountNumber: `••••${account.last4}` });

/** A provider's 404 (an unknown bank account, say) is the API's own 404. */
async function orNotFound<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) throw notFound(what);
    throw error;
  }
}

export const paymentRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const provider = deps.payments;
  const giftCardMail = giftCardMailerOf(deps);
  const trustedOrigins = [deps.config.baseUrl, ...(deps.config.extraOrigins ?? [])].map((url) => new URL(url).origin);

  /** `{provider}` in a path is the active provider's name (sandbox or stripe); another is a 404. */
  const checkProvider = (request: FastifyRequest) => {
    const name = (request.params as { provider: string }).provider;
    if (name !== provider.name)
      throw new AppError(404, 'not_found', `This server takes payments through '${provider.name}', not '${name}'.`);
  };
  const venueAccount = (request: FastifyRequest) => accountOf(provider, venueOf(request).row);
  const needAccount = (request: FastifyRequest) => {
    const account = venueAccount(request);
    if (!account) throw conflict('Set up the payment account first: add a bank account or verify the account.', 'no_payment_account');
    return account;
  };
  const currencyOf = (request: FastifyRequest) => currencyOfCountry(venueOf(request).row.country);

  app.get(
    '/api/private/payments',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getPaymentsAccount',
        summary: "The venue's payment provider account",
        tags,
        description:
          "The payment provider (sandbox or stripe, the {provider} of the payment calls), the venue's currency, its bank status and whether card payments are on. With refresh=true the status is read from the provider first.",
        querystring: z.object({ refresh: z.enum(['true', 'false']).optional() }).strict(),
        response: { 200: paymentsInfoSchema, ...errorResponses(400, 401, 404, 502) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      const account = accountOf(provider, venue);
      if (request.query.refresh === 'true' && account) {
        const status = await syncAccountStatus(db, provider, venue.id, account);
        return paymentsInfo(provider, { ...venue, ...status });
      }
      return paymentsInfo(provider, venue);
    },
  );

  app.post(
    '/api/private/:provider/onboard-link',
    {
      config: { access: { permission: 'bankAccounts.create' } },
      schema: {
        operationId: 'createOnboardLink',
        summary: "A link to the provider's verification",
        tags,
        description:
          "A link to the provider's verification of the venue's account; the provider sends the user back to returnUrl (a console page).",
        params: providerParams,
        body: onboardLinkBodySchema,
        response: { 200: urlAnswerSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      checkProvider(request);
      const { returnUrl } = request.body;
      if (!trustedOrigins.includes(new URL(returnUrl).origin))
        throw validationFailed([{ path: ['returnUrl'], message: 'returnUrl must be a page of this console' }]);
      const account = await ensureAccount(db, provider, venueOf(request).row);
      return { url: await provider.onboardingLink(account, { returnUrl, refreshUrl: returnUrl }) };
    },
  );

  app.get(
    '/api/private/:provider/balance',
    {
      config: { access: { permission: 'bankAccounts.view' } },
      schema: {
        operationId: 'getBalance',
        summary: "The venue's balance at the provider",
        tags,
        description: "The venue's balance at the provider: available and pending, per currency.",
        params: providerParams,
        response: { 200: balanceSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      checkProvider(request);
      const account = venueAccount(request);
      if (!account)
        return { available: [{ amount: 0, currency: currencyOf(request) }], pending: [{ amount: 0, currency: currencyOf(request) }] };
      return provider.balance(account);
    },
  );

  app.get(
    '/api/private/:provider/payouts',
    {
      config: { access: { permission: 'bankAccounts.view' } },
      schema: {
        operationId: 'listPayouts',
        summary: 'Payouts to the bank',
        tags,
        description:
          'Payouts to the bank, newest first: limit (1 to 100, default 10), and startingAfter (the last payout id of the page before).',
        params: providerParams,
        querystring: payoutsQuerySchema,
        response: { 200: payoutPageSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      checkProvider(request);
      const account = venueAccount(request);
      if (!account) return { list: [], hasMore: false };
      return orNotFound(provider.payouts(account, request.query), 'Payout');
    },
  );

  app.post(
    '/api/private/:provider/balance/deposit',
    {
      config: { access: { permission: 'bankAccounts.create' } },
      schema: {
        operationId: 'depositToBalance',
        summary: 'Add money to the balance',
        tags,
        description: "Adds money to the venue's balance (so refunds can be paid after payouts); answers the new balance.",
        params: providerParams,
        body: amountBodySchema,
        response: { 200: balanceSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      checkProvider(request);
      const account = needAccount(request);
      return provider.deposit(
        account,
        { amount: request.body.amount, currency: currencyOf(request) },
        `deposit:${venueOf(request).id}:${randomUUID()}`,
      );
    },
  );

  app.post(
    '/api/private/:provider/payouts',
    {
      config: { access: { permission: 'bankAccounts.create' } },
      schema: {
        operationId: 'createPayout',
        summary: 'Pay out to the bank',
        tags,
        description: "Pays an amount of the available balance out to the venue's default bank account of its currency.",
        params: providerParams,
        body: amountBodySchema,
        response: { 201: payoutSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      checkProvider(request);
      const account = needAccount(request);
      const payout = await provider.createPayout(
        account,
        { amount: request.body.amount, currency: currencyOf(request) },
        `payout:${venueOf(request).id}:${randomUUID()}`,
      );
      return reply.code(201).send(payout);
    },
  );

  // ---- Bank accounts: the venue's account's external accounts, at the provider ----

  app.get(
    '/api/private/bank-accounts',
    {
      config: { access: { permission: 'bankAccounts.view' } },
      schema: {
        operationId: 'listBankAccounts',
        summary: "The venue's bank accounts",
        tags,
        description: "The venue's bank accounts for payouts, numbers masked to their last four digits.",
        response: { 200: bankAccountListSchema, ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request) => {
      const account = venueAccount(request);
      return { items: account ? (await provider.listBankAccounts(account)).map(masked) : [] };
    },
  );

  app.post(
    '/api/private/bank-accounts',
    {
      config: { access: { permission: 'bankAccounts.create' } },
      schema: {
        operationId: 'createBankAccount',
        summary: 'Add a bank account',
        tags,
        description:
          "Adds a bank account (US: 9-digit routing number; CA: transit and institution numbers). Its currency follows its country. The number is never answered in full. One the account has already is a 409 bank_account_exists with the provider's words.",
        body: bankAccountCreateSchema,
        response: { 201: bankAccountSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      const account = await ensureAccount(db, provider, venue);
      const input = { ...request.body, currency: currencyOfCountry(request.body.country) };
      // The same account sent twice (a double click) is added once.
      const fingerprint = createHash('sha256')
        .update(`${input.country}:${input.routingNumber}:${input.accountNumber}`)
        .digest('hex')
        .slice(0, 32);
      let added;
      try {
        added = await provider.addBankAccount(account, input, `bank-account:${venue.id}:${fingerprint}`);
      } catch (error) {
        // The account is there already (added before, not by this double click): the provider's words, as a 409.
        if (error instanceof PaymentProviderError && error.providerCode === 'bank_account_exists')
          throw conflict(error.message, 'bank_account_exists');
        throw error;
      }
      await syncAccountStatus(db, provider, venue.id, account);
      return reply.code(201).send(masked(added));
    },
  );

  app.patch(
    '/api/private/bank-accounts/:id',
    {
      config: { access: { permission: 'bankAccounts.setDefault' } },
      schema: {
        operationId: 'makeDefaultBankAccount',
        summary: 'Make a bank account the default',
        tags,
        description: 'Makes the bank account the default for its currency: payouts go to it.',
        params: bankAccountParams,
        body: bankAccountUpdateSchema,
        response: { 200: bankAccountSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const account = venueAccount(request);
      if (!account) throw notFound('Bank account');
      return masked(await orNotFound(provider.makeDefaultBankAccount(account, request.params.id), 'Bank account'));
    },
  );

  app.delete(
    '/api/private/bank-accounts/:id',
    {
      config: { access: { permission: 'bankAccounts.delete' } },
      schema: {
        operationId: 'deleteBankAccount',
        summary: 'Delete a bank account',
        tags,
        description: 'Deletes a bank account. The default of a currency goes last: make another the default first.',
        params: bankAccountParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      const account = venueAccount(request);
      if (!account) throw notFound('Bank account');
      try {
        await orNotFound(provider.deleteBankAccount(account, request.params.id), 'Bank account');
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 400) throw conflict(error.message, 'bank_account_default');
        throw error;
      }
      await syncAccountStatus(db, provider, venue.id, account);
      return reply.code(204).send();
    },
  );

  // ---- The provider's webhook: the raw body, for its signature ----

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/public/:provider/webhook',
      {
        config: { access: { public: true } },
        schema: {
          operationId: 'receiveProviderWebhook',
          summary: "The payment provider's events",
          tags,
          description:
            "The payment provider's events, signed in the Stripe-Signature header (accepted for 300 s). Each event is applied once, however often and in whatever order it comes.",
          params: providerParams,
          response: {
            200: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }),
            ...errorResponses(400, 404, 502),
          },
        },
      },
      async (request) => {
        checkProvider(request);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        let event;
        try {
          event = provider.parseWebhook(raw, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new AppError(400, 'bad_signature', error.message);
          throw error;
        }
        return { received: true as const, outcome: await applyWebhookEvent(db, provider, event, giftCardMail, request.log) };
      },
    );
  });
};
