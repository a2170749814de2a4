/**
 * The Stripe payment provider (decision 021): each venue is a Stripe Connect Express account, and
 * every call but the account's own (create, onboarding link, state, bank accounts) acts on that
 * account through the Stripe-Account header. Customers pay on Stripe's hosted checkout page.
 *
 * Stripe's refusals become PaymentProviderError with Stripe's message and status, which staff
 * see as they are; a connection failure (after the SDK's own retries) is a 502.
 */
import Stripe from 'stripe';
import {
  PaymentProviderError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type BankAccount,
  type BankCountry,
  type Currency,
  type Money,
  type PaymentProvider,
  type Payout,
  type WebhookEvent,
} from './provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address than Stripe's (tests: the fake Stripe's `http://127.0.0.1:<port>`). */
  apiUrl?: string;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { secretKey, webhookSecret } = options;
  const stripe = new Stripe(secretKey, { ...apiAddress(options.apiUrl), maxNetworkRetries: 2, timeout: 20_000, telemetry: false });
  const testMode = secretKey.startsWith('sk_test_');
  const on = (account: string) => ({ stripeAccount: account });

  const balance = async (account: string) => {
    const { available, pending } = await call(() => stripe.balance.retrieve({}, on(account)));
    return { available: available.map(toMoney), pending: pending.map(toMoney) };
  };

  return {
    name: 'stripe',
    testMode,
    // Stripe Checkout cannot be framed: the widget opens it in a new tab.
    isCheckoutEmbeddable: false,
    dashboardUrl: (account) => `https://dashboard.stripe.com/${testMode ? 'test/' : ''}connect/accounts/${account}`,

    async createAccount(input, idempotencyKey) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: 'express',
            country: input.country,
            email: input.email,
            business_profile: { name: input.venueName },
            metadata: { venueId: input.venueId },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          },
          { idempotencyKey },
        ),
      );
      return account.id;
    },

    async onboardingLink(account, { returnUrl, refreshUrl }) {
      const link = await call(() =>
        stripe.accountLinks.create({ account, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl }),
      );
      return link.url;
    },

    async accountState(account) {
      const found = await call(() => stripe.accounts.retrieve(account));
      return { detailsSubmitted: found.details_submitted, chargesEnabled: found.charges_enabled, payoutsEnabled: found.payouts_enabled };
    },

    async createCheckout(request) {
      const { metadata } = request;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: request.currency, unit_amount: request.amount, product_data: { name: request.description } },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata: { ...metadata },
            payment_intent_data: { metadata: { ...metadata } },
          },
          { stripeAccount: request.account, idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe answered a checkout session without a payment page.', 502);
      return { id: session.id, url: session.url };
    },

    async closeCheckout(account, checkoutId) {
      // Stripe expires only an open session; one completed (paid, or its payment processing) stays.
      const expired = await call(() => stripe.checkout.sessions.expire(checkoutId, {}, on(account))).catch(() => null);
      const session = expired ?? (await call(() => stripe.checkout.sessions.retrieve(checkoutId, {}, on(account))));
      if (session.status !== 'complete') return { paid: false };
      const intent = session.payment_intent;
      return { paid: true, paymentId: typeof intent === 'string' ? intent : (intent?.id ?? null) };
    },

    async getPayment(account, paymentId) {
      const intent = await call(() => stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] }, on(account)));
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const { venueId, bookingId, giftCardOrderId } = intent.metadata;
      return {
        id: intent.id,
        succeeded: intent.status === 'succeeded',
        amount: intent.amount_received || intent.amount,
        amountRefunded: charge?.amount_refunded ?? 0,
        currency: intent.currency as Currency,
        metadata: {
          ...(venueId !== undefined && { venueId }),
          ...(bookingId !== undefined && { bookingId }),
          ...(giftCardOrderId !== undefined && { giftCardOrderId }),
        },
      };
    },

    async refund(request) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: request.paymentId, amount: request.amount, metadata: { ...request.metadata } },
          { stripeAccount: request.account, idempotencyKey: request.idempotencyKey },
        ),
      );
      return { id: refund.id, amount: refund.amount };
    },

    balance,

    async payouts(account, { startingAfter, limit }) {
      const page = await call(() => stripe.payouts.list({ limit, starting_after: startingAfter }, on(account)));
      return { list: page.data.map(toPayout), hasMore: page.has_more };
    },

    async createPayout(account, { amount, currency }, idempotencyKey) {
      return toPayout(await call(() => stripe.payouts.create({ amount, currency }, { stripeAccount: account, idempotencyKey })));
    },

    async deposit(account, { amount, currency }, idempotencyKey) {
      await call(() =>
        stripe.topups.create({ amount, currency, description: 'Lanebook deposit' }, { stripeAccount: account, idempotencyKey }),
      );
      return balance(account);
    },

    async listBankAccounts(account) {
      const page = await call(() => stripe.accounts.listExternalAccounts(account, { object: 'bank_account', limit: 100 }));
      return page.data.filter(isBankAccount).map(toBankAccount);
    },

    async addBankAccount(account, input, idempotencyKey) {
      const created = await call(() =>
        stripe.accounts.createExternalAccount(
          account,
          {
            external_account: {
              object: 'bank_account',
              country: input.country,
              currency: input.currency,
              account_holder_name: input.accountHolderName,
              account_number: input.accountNumber,
              routing_number: stripeRoutingNumber(input.country, input.routingNumber),
            },
            default_for_currency: input.isDefaultForCurrency,
          },
          { idempotencyKey },
        ),
      );
      return toBankAccount(bankAccountOnly(created));
    },

    async deleteBankAccount(account, bankAccountId) {
      await call(() => stripe.accounts.deleteExternalAccount(account, bankAccountId));
    },

    async makeDefaultBankAccount(account, bankAccountId) {
      const updated = await call(() => stripe.accounts.updateExternalAccount(account, bankAccountId, { default_for_currency: true }));
      return toBankAccount(bankAccountOnly(updated));
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing: the request did not come from Stripe.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new WebhookSignatureError(`The Stripe webhook's signature was refused: ${reason}`);
      }
      return {
        id: event.id,
        type: event.type,
        account: event.account ?? null,
        paymentId: paymentIdOf(event),
        isAccountUpdate: event.type === 'account.updated' || event.type.startsWith('account.external_account.'),
      } satisfies WebhookEvent;
    },
  };
}

/** The SDK's host, port and protocol for an API address other than Stripe's. */
function apiAddress(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** Runs a Stripe call, turning its errors into PaymentProviderError. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError)
      throw new PaymentProviderError('The payment provider did not respond. Try again later.', 502);
    if (error instanceof Stripe.errors.StripeError)
      throw new PaymentProviderError(error.message, error.statusCode ?? 502, error.code, error.param);
    throw error;
  }
}

/** The payment an event concerns: the session's payment intent, the intent itself, a charge's or a refund's intent. */
function paymentIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { id?: string; payment_intent?: string | { id: string } | null };
  const intentOf = () => (typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent?.id ?? null));
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') return intentOf();
  if (event.type.startsWith('payment_intent.')) return object.id ?? null;
  if (event.type.startsWith('charge.') || event.type.startsWith('refund.')) return intentOf();
  return null;
}

/** Stripe takes a Canadian routing number as transit-institution (TTTTT-III); the form gives its 8 digits. */
function stripeRoutingNumber(country: BankCountry, routingNumber: string): string {
  return country === 'CA' && /^\d{8}$/.test(routingNumber) ? `${routingNumber.slice(0, 5)}-${routingNumber.slice(5)}` : routingNumber;
}

const isBankAccount = (external: Stripe.ExternalAccount): external is Stripe.BankAccount => external.object === 'bank_account';

function bankAccountOnly(external: Stripe.ExternalAccount): Stripe.BankAccount {
  if (!isBankAccount(external)) throw new PaymentProviderError('Stripe answered a card where a bank account was expected.', 502);
  return external;
}

function toBankAccount(bank: Stripe.BankAccount): BankAccount {
  return {
    id: bank.id,
    accountHolderName: bank.account_holder_name ?? '',
    country: bank.country as BankCountry,
    currency: bank.currency as Currency,
    last4: bank.last4,
    routingNumber: bank.routing_number ?? '',
    bankName: bank.bank_name,
    isDefaultForCurrency: bank.default_for_currency ?? false,
  };
}

const toMoney = ({ amount, currency }: { amount: number; currency: string }): Money => ({ amount, currency: currency as Currency });

const instant = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

function toPayout(payout: Stripe.Payout): Payout {
  return {
    id: payout.id,
    amount: payout.amount,
    currency: payout.currency as Currency,
    status: payout.status,
    arrivalDate: instant(payout.arrival_date),
    createdAt: instant(payout.created),
  };
}
