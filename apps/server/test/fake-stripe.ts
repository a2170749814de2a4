/**
 * A fake Stripe API for tests: node:http on a loopback port, speaking the part of Stripe's v1 API
 * that the Stripe payment provider (`src/platform/payments/stripe.ts`) calls, so the real stripe
 * SDK runs against it unchanged.
 *
 *   const stripe = await startFakeStripe();
 *   const provider = createStripeProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
 *   ...
 *   const event = stripe.completeCheckout(checkout.id); // the customer pays
 *   const { payload, header } = stripe.sign(event);     // what Stripe would post to the webhook
 *   await stripe.close();
 *
 * - Requests are form-encoded with Stripe's brackets (`a[b][0][c]=1`); GET and DELETE carry them
 *   in the query string. `requests` logs every request as it arrived (nested, values as strings).
 * - Every object lives in one connected account, chosen by the Stripe-Account header (the
 *   platform's own account without it); an object of another account is unknown (404), as at
 *   Stripe. /v1/accounts/:id/* name the account in the path and ignore the header.
 * - Idempotency: a POST's answer (success or error) is kept under its Idempotency-Key and
 *   account; the same key replays it without acting again, with other parameters it is an
 *   idempotency_error. The SDK keys every POST itself when the caller gives no key.
 * - Money moves at once: a paid checkout, a top-up, a refund and a payout change the available
 *   balance immediately (nothing stays pending), so a test needs no clock.
 * - Bank account numbers are never kept: only their last 4 digits and a fingerprint.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

/** A Stripe event as Stripe posts it to a webhook (a snapshot of the object when it happened). */
export interface StripeEventObject {
  id: string;
  object: 'event';
  api_version: string;
  type: string;
  /** The connected account the event happened on (absent for the platform's own events). */
  account?: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Json };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  stripeAccount?: string;
  /** The form body (or the query string of a GET or DELETE), nested as Stripe reads it. */
  body: Json;
}

export interface FakeStripe {
  /** http://127.0.0.1:port (give it as apiUrl). */
  url: string;
  /** The only key accepted (Authorization: Bearer); any other answers 401. */
  secretKey: 'sk_test_fake';
  webhookSecret: 'whsec_fake';
  requests: FakeStripeRequest[];
  /** The customer pays a checkout session: the session completes, its payment intent succeeds
   *  (with a charge), the account's balance grows; answers the `checkout.session.completed` event. */
  completeCheckout(sessionId: string): StripeEventObject;
  /** The venue finishes Stripe's onboarding: details_submitted and charges_enabled; answers `account.updated`. */
  verifyAccount(accountId: string): StripeEventObject;
  /** Signs an event as Stripe does (with webhookSecret unless `secret` is given): the body to post and its Stripe-Signature header. */
  sign(event: object, options?: { timestamp?: number; secret?: string }): { payload: string; header: string };
  /** Every event made so far, oldest first (`events.findLast((e) => e.type === 'charge.refunded')`). */
  events: StripeEventObject[];
  close(): Promise<void>;
}

const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_fake';

/** An error answered in Stripe's shape: `{ error: { type, code?, message, param? } }`. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  get body() {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}
const invalid = (message: string, param?: string, code?: string) => new StripeApiError(400, 'invalid_request_error', message, code, param);
const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string, length = 24) => prefix + Array.from(randomBytes(length), (byte) => ALPHABET[byte % 62]).join('');
const now = () => Math.floor(Date.now() / 1000);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// ---------------------------------------------------------------------------------------------
// Stripe's form encoding

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** `a[b][0][c]=1&e[]=x` → `{ a: { b: [{ c: '1' }] }, e: ['x'] }`: a numeric or empty bracket makes a list. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const segments = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [key];
    if (segments.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let container: Json | unknown[] = root;
    segments.forEach((segment, index) => {
      const slot = Array.isArray(container) && segment === '' ? String(container.length) : segment;
      const target = container as Json;
      if (index === segments.length - 1) {
        target[slot] = value;
        return;
      }
      const child = target[slot];
      if (typeof child !== 'object' || child === null) target[slot] = /^\d*$/.test(segments[index + 1]) ? [] : {};
      container = target[slot] as Json | unknown[];
    });
  }
  return root;
}

// Reading parameters: every value arrives as a string; `param` is its name in an error.
function text(source: Json, key: string, param = key): string | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param} must be a string`, param);
  return value;
}
function required<T>(value: T | undefined, param: string): T {
  if (value === undefined || value === '') throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  return value;
}
function integer(source: Json, key: string, param = key): number | undefined {
  const value = text(source, key, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, param);
  return Number(value);
}
function positive(source: Json, key: string, param = key): number {
  const value = required(integer(source, key, param), param);
  if (value < 1) throw invalid('This value must be greater than or equal to 1.', param);
  return value;
}
function boolean(source: Json, key: string, param = key): boolean | undefined {
  const value = text(source, key, param);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, param);
  return value === 'true';
}
function hash(source: Json, key: string, param = key): Json | undefined {
  const value = source[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`Invalid object: ${param} must be a hash`, param);
  return value as Json;
}
function metadataOf(source: Json, key = 'metadata'): Record<string, string> {
  const value = hash(source, key) ?? {};
  for (const [name, entry] of Object.entries(value))
    if (typeof entry !== 'string') throw invalid(`Invalid metadata: ${key}[${name}] must be a string`, `${key}[${name}]`);
  return value as Record<string, string>;
}
function currencyOf(source: Json, key = 'currency', param = key): string {
  const value = required(text(source, key, param), param).toLowerCase();
  if (!/^[a-z]{3}$/.test(value)) throw invalid(`Invalid currency: ${value}`, param);
  return value;
}
function limitOf(source: Json, fallback: number): number {
  const limit = integer(source, 'limit') ?? fallback;
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
  return limit;
}

// ---------------------------------------------------------------------------------------------
// The objects the fake keeps (Stripe's JSON; only the fields it reads or changes are typed)

interface StripeObject {
  [field: string]: unknown;
  id: string;
}
interface AccountObject extends StripeObject {
  country: string;
  default_currency: string;
  capabilities: Record<string, string>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[]; disabled_reason: string | null };
}
interface SessionObject extends StripeObject {
  status: 'open' | 'complete' | 'expired';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
}
interface PaymentIntentObject extends StripeObject {
  amount: number;
  currency: string;
  status: string;
  latest_charge: string;
  metadata: Record<string, string>;
}
interface ChargeObject extends StripeObject {
  amount: number;
  amount_refunded: number;
  refunded: boolean;
}
interface BankAccountObject extends StripeObject {
  currency: string;
  fingerprint: string;
  default_for_currency: boolean;
}

/** One account's objects and balance. */
interface Ledger {
  account: AccountObject;
  sessions: Map<string, SessionObject>;
  /** A session's payment_intent_data[metadata], given to its payment intent when it is paid. */
  intentMetadata: Map<string, Record<string, string>>;
  paymentIntents: Map<string, PaymentIntentObject>;
  charges: Map<string, ChargeObject>;
  /** Oldest first. */
  payouts: StripeObject[];
  bankAccounts: BankAccountObject[];
  /** Available cents per currency. */
  balance: Map<string, number>;
}

function newLedger(fields: { id: string; country: string; verified: boolean } & Json): Ledger {
  const { id, verified, ...account } = fields;
  return {
    account: {
      id,
      object: 'account',
      type: 'express',
      email: null,
      business_profile: { name: null },
      metadata: {},
      created: now(),
      ...account,
      default_currency: account.country === 'CA' ? 'cad' : 'usd',
      capabilities: {},
      details_submitted: verified,
      charges_enabled: verified,
      payouts_enabled: false,
      requirements: verified
        ? { currently_due: [], disabled_reason: null }
        : { currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' },
    },
    sessions: new Map(),
    intentMetadata: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    payouts: [],
    bankAccounts: [],
    balance: new Map(),
  };
}

const STRIPE_TEST_ROUTING_NUMBERS = new Set(['110000000', '11000-000']);

export async function startFakeStripe(): Promise<FakeStripe> {
  const platform = newLedger({ id: newId('acct_', 16), country: 'US', verified: true });
  const ledgers = new Map<string, Ledger>();
  const requests: FakeStripeRequest[] = [];
  const events: StripeEventObject[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  function emit(type: string, ledger: Ledger, object: object): StripeEventObject {
    const event: StripeEventObject = {
      id: newId('evt_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      type,
      ...(ledger !== platform && { account: ledger.account.id }),
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) as Json },
    };
    events.push(event);
    return event;
  }

  const connected = (id: string, param?: string) => {
    const ledger = ledgers.get(id);
    if (!ledger) throw noSuch('account', id, param);
    return ledger;
  };
  const credit = (ledger: Ledger, currency: string, cents: number) =>
    ledger.balance.set(currency, (ledger.balance.get(currency) ?? 0) + cents);
  const accountView = (ledger: Ledger) => ({
    ...ledger.account,
    external_accounts: list(ledger.bankAccounts, false, `/v1/accounts/${ledger.account.id}/external_accounts`),
  });
  const list = (data: unknown[], hasMore: boolean, url: string) => ({ object: 'list', data, has_more: hasMore, url });

  /** payouts_enabled follows verification and a bank account; a change is an account.updated event. */
  function refreshPayouts(ledger: Ledger) {
    const enabled = ledger.account.details_submitted && ledger.bankAccounts.length > 0;
    if (enabled === ledger.account.payouts_enabled) return;
    ledger.account.payouts_enabled = enabled;
    emit('account.updated', ledger, accountView(ledger));
  }

  function bankAccountOf(ledger: Ledger, id: string) {
    const bank = ledger.bankAccounts.find((candidate) => candidate.id === id);
    if (!bank) throw noSuch('external account', id, 'id');
    return bank;
  }
  function makeDefault(ledger: Ledger, bank: BankAccountObject) {
    for (const other of ledger.bankAccounts) if (other.currency === bank.currency) other.default_for_currency = other === bank;
  }

  type Handler = (request: { params: string[]; body: Json; ledger: () => Ledger }) => unknown;
  const routes: [method: string, path: RegExp, handler: Handler][] = [
    [
      'POST',
      /^\/v1\/accounts$/,
      ({ body }) => {
        const type = required(text(body, 'type'), 'type');
        if (!['express', 'standard', 'custom'].includes(type))
          throw invalid(`Invalid type: must be one of express, standard, custom`, 'type');
        const capabilities = hash(body, 'capabilities') ?? {};
        const ledger = newLedger({
          id: newId('acct_', 16),
          type,
          country: (text(body, 'country') ?? 'US').toUpperCase(),
          email: text(body, 'email') ?? null,
          business_profile: { name: text(hash(body, 'business_profile') ?? {}, 'name', 'business_profile[name]') ?? null },
          metadata: metadataOf(body),
          verified: false,
        });
        ledger.account.capabilities = Object.fromEntries(Object.keys(capabilities).map((name) => [name, 'inactive']));
        ledgers.set(ledger.account.id, ledger);
        return accountView(ledger);
      },
    ],
    ['GET', /^\/v1\/accounts\/([^/]+)$/, ({ params }) => accountView(connected(params[0]))],
    [
      'POST',
      /^\/v1\/account_links$/,
      ({ body }) => {
        const account = connected(required(text(body, 'account'), 'account'), 'account').account.id;
        const type = required(text(body, 'type'), 'type');
        if (type !== 'account_onboarding' && type !== 'account_update')
          throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
        required(text(body, 'return_url'), 'return_url');
        required(text(body, 'refresh_url'), 'refresh_url');
        const created = now();
        return {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `https://connect.stripe.com/setup/e/${account}/${newId('', 12)}`,
        };
      },
    ],
    [
      'GET',
      /^\/v1\/accounts\/([^/]+)\/external_accounts$/,
      ({ params, body }) => {
        const ledger = connected(params[0]);
        const limit = limitOf(body, 10);
        const kind = text(body, 'object');
        const data = kind === 'card' ? [] : ledger.bankAccounts;
        return list(data.slice(0, limit), data.length > limit, `/v1/accounts/${ledger.account.id}/external_accounts`);
      },
    ],
    [
      'POST',
      /^\/v1\/accounts\/([^/]+)\/external_accounts$/,
      ({ params, body }) => {
        const ledger = connected(params[0]);
        if (typeof body.external_account === 'string') throw invalid(`No such token: '${body.external_account}'`, 'external_account');
        const input = required(hash(body, 'external_account'), 'external_account');
        const param = (name: string) => `external_account[${name}]`;
        if (text(input, 'object', param('object')) !== 'bank_account')
          throw invalid('The fake Stripe takes bank accounts only: external_account[object] must be bank_account', param('object'));
        const country = required(text(input, 'country', param('country')), param('country')).toUpperCase();
        const currency =
          input.currency === undefined ? (country === 'CA' ? 'cad' : 'usd') : currencyOf(input, 'currency', param('currency'));
        const accountNumber = required(text(input, 'account_number', param('account_number')), param('account_number'));
        if (!/^\d{4,17}$/.test(accountNumber))
          throw invalid('Invalid account number: it must have 4 to 17 digits', param('account_number'));
        const routingNumber = required(text(input, 'routing_number', param('routing_number')), param('routing_number'));
        if (country === 'US' && !/^\d{9}$/.test(routingNumber)) throw invalid('Routing number must have 9 digits', param('routing_number'));
        if (country === 'CA' && !/^\d{5}-\d{3}$/.test(routingNumber))
          throw invalid('Invalid routing number for CA: give the transit and institution numbers as TTTTT-III', param('routing_number'));
        const fingerprint = createHash('sha256').update(`${country}|${routingNumber}|${accountNumber}`).digest('base64url').slice(0, 16);
        if (ledger.bankAccounts.some((bank) => bank.fingerprint === fingerprint && bank.currency === currency))
          throw invalid(
            'A bank account with that routing number and account number already exists for this currency.',
            'external_account',
            'bank_account_exists',
          );
        const bank: BankAccountObject = {
          id: newId('ba_'),
          object: 'bank_account',
          account: ledger.account.id,
          account_holder_name: text(input, 'account_holder_name', param('account_holder_name')) ?? null,
          account_holder_type: null,
          account_type: null,
          available_payout_methods: ['standard'],
          bank_name: STRIPE_TEST_ROUTING_NUMBERS.has(routingNumber) ? 'STRIPE TEST BANK' : null,
          country,
          currency,
          default_for_currency: false,
          fingerprint,
          last4: accountNumber.slice(-4),
          metadata: {},
          routing_number: routingNumber,
          status: 'new',
        };
        ledger.bankAccounts.push(bank);
        const firstOfCurrency = !ledger.bankAccounts.some((other) => other !== bank && other.currency === currency);
        if (firstOfCurrency || boolean(body, 'default_for_currency')) makeDefault(ledger, bank);
        emit('account.external_account.created', ledger, bank);
        refreshPayouts(ledger);
        return bank;
      },
    ],
    [
      'POST',
      /^\/v1\/accounts\/([^/]+)\/external_accounts\/([^/]+)$/,
      ({ params, body }) => {
        const ledger = connected(params[0]);
        const bank = bankAccountOf(ledger, params[1]);
        const makeItDefault = boolean(body, 'default_for_currency');
        if (makeItDefault === false && bank.default_for_currency)
          throw invalid(
            'You cannot unset the default: make another external account the default for this currency instead.',
            'default_for_currency',
          );
        const holder = text(body, 'account_holder_name');
        if (holder !== undefined) bank.account_holder_name = holder;
        if (makeItDefault) makeDefault(ledger, bank);
        emit('account.external_account.updated', ledger, bank);
        return bank;
      },
    ],
    [
      'DELETE',
      /^\/v1\/accounts\/([^/]+)\/external_accounts\/([^/]+)$/,
      ({ params }) => {
        const ledger = connected(params[0]);
        const bank = bankAccountOf(ledger, params[1]);
        if (bank.default_for_currency && ledger.bankAccounts.some((other) => other !== bank && other.currency === bank.currency))
          throw invalid(
            'You cannot delete the default external account for this currency. Please make another external account the default using the `default_for_currency` param, and then delete this one.',
            'id',
          );
        ledger.bankAccounts = ledger.bankAccounts.filter((other) => other !== bank);
        emit('account.external_account.deleted', ledger, bank);
        refreshPayouts(ledger);
        return { id: bank.id, object: 'bank_account', deleted: true };
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      ({ body, ledger: ledgerOf }) => {
        const ledger = ledgerOf();
        const mode = required(text(body, 'mode'), 'mode');
        if (mode !== 'payment') throw invalid('The fake Stripe supports mode=payment only', 'mode');
        const successUrl = required(text(body, 'success_url'), 'success_url');
        const items = body.line_items;
        if (!Array.isArray(items) || items.length === 0)
          throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
        const lines = items.map((entry: unknown, index) => {
          const param = (name: string) => `line_items[${index}][${name}]`;
          const item = required(hash({ entry }, 'entry', `line_items[${index}]`), `line_items[${index}]`);
          const price = required(hash(item, 'price_data', param('price_data')), param('price_data'));
          const product = required(
            hash(price, 'product_data', `${param('price_data')}[product_data]`),
            `${param('price_data')}[product_data]`,
          );
          required(text(product, 'name', `${param('price_data')}[product_data][name]`), `${param('price_data')}[product_data][name]`);
          return {
            quantity: positive(item, 'quantity', param('quantity')),
            currency: currencyOf(price, 'currency', `${param('price_data')}[currency]`),
            unitAmount: required(
              integer(price, 'unit_amount', `${param('price_data')}[unit_amount]`),
              `${param('price_data')}[unit_amount]`,
            ),
          };
        });
        const currency = lines[0].currency;
        if (lines.some((line) => line.currency !== currency)) throw invalid('All line items must have the same currency', 'line_items');
        const total = lines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);
        if (total < 50)
          throw invalid(`The Checkout Session's total amount due must add up to at least ${dollars(50)} ${currency}`, 'line_items');
        const id = newId('cs_test_', 58);
        const created = now();
        const session: SessionObject = {
          id,
          object: 'checkout.session',
          mode,
          status: 'open',
          payment_status: 'unpaid',
          amount_subtotal: total,
          amount_total: total,
          currency,
          success_url: successUrl,
          cancel_url: text(body, 'cancel_url') ?? null,
          metadata: metadataOf(body),
          payment_intent: null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          created,
          expires_at: created + 24 * 3600,
          livemode: false,
        };
        ledger.sessions.set(id, session);
        ledger.intentMetadata.set(id, metadataOf(hash(body, 'payment_intent_data') ?? {}));
        return session;
      },
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      ({ params, ledger }) => ledger().sessions.get(params[0]) ?? raise(noSuch('checkout.session', params[0], 'session')),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ({ params, ledger: ledgerOf }) => {
        const ledger = ledgerOf();
        const session = ledger.sessions.get(params[0]) ?? raise(noSuch('checkout.session', params[0], 'session'));
        // Stripe's own refusal: only an open session expires.
        if (session.status !== 'open')
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        Object.assign(session, { status: 'expired', url: null });
        emit('checkout.session.expired', ledger, session);
        return session;
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      ({ params, body, ledger: ledgerOf }) => {
        const ledger = ledgerOf();
        const intent = ledger.paymentIntents.get(params[0]) ?? raise(noSuch('payment_intent', params[0], 'intent'));
        const expand = Array.isArray(body.expand) ? body.expand : [];
        return expand.includes('latest_charge') ? { ...intent, latest_charge: ledger.charges.get(intent.latest_charge) } : intent;
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      ({ body, ledger: ledgerOf }) => {
        const ledger = ledgerOf();
        const intentId = required(text(body, 'payment_intent'), 'payment_intent');
        const intent = ledger.paymentIntents.get(intentId) ?? raise(noSuch('payment_intent', intentId, 'payment_intent'));
        const charge = ledger.charges.get(intent.latest_charge)!;
        const left = charge.amount - charge.amount_refunded;
        if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
        const amount = body.amount === undefined ? left : positive(body, 'amount');
        if (amount > left)
          throw invalid(
            `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
            'amount',
            'amount_too_large',
          );
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        credit(ledger, intent.currency, -amount);
        const refund = {
          id: newId('re_'),
          object: 'refund',
          amount,
          charge: charge.id,
          payment_intent: intent.id,
          currency: intent.currency,
          metadata: metadataOf(body),
          reason: text(body, 'reason') ?? null,
          status: 'succeeded',
          created: now(),
        };
        emit('refund.created', ledger, refund);
        emit('charge.refunded', ledger, charge);
        return refund;
      },
    ],
    [
      'GET',
      /^\/v1\/balance$/,
      ({ ledger: ledgerOf }) => {
        const ledger = ledgerOf();
        const currencies = [...new Set([ledger.account.default_currency, ...ledger.balance.keys()])];
        return {
          object: 'balance',
          livemode: false,
          available: currencies.map((currency) => ({ amount: ledger.balance.get(currency) ?? 0, currency, source_types: { card: 0 } })),
          pending: currencies.map((currency) => ({ amount: 0, currency, source_types: { card: 0 } })),
        };
      },
    ],
    [
      'GET',
      /^\/v1\/payouts$/,
      ({ body, ledger: ledgerOf }) => {
        const newestFirst = [...ledgerOf().payouts].reverse();
        const limit = limitOf(body, 10);
        const after = text(body, 'starting_after');
        const start = after === undefined ? 0 : newestFirst.findIndex((payout) => payout.id === after) + 1;
        if (start === 0 && after !== undefined) throw noSuch('payout', after, 'starting_after');
        return list(newestFirst.slice(start, start + limit), newestFirst.length > start + limit, '/v1/payouts');
      },
    ],
    [
      'POST',
      /^\/v1\/payouts$/,
      ({ body, ledger: ledgerOf }) => {
        const ledger = ledgerOf();
        const amount = positive(body, 'amount');
        const currency = currencyOf(body);
        if (!ledger.account.payouts_enabled)
          throw invalid(
            'Payouts are not enabled for this account: it must finish onboarding and have a bank account.',
            undefined,
            'payouts_not_allowed',
          );
        const destination = ledger.bankAccounts.find((bank) => bank.currency === currency && bank.default_for_currency);
        if (!destination) throw invalid(`You don't have any external accounts in that currency (${currency}).`, 'currency');
        const available = ledger.balance.get(currency) ?? 0;
        if (amount > available)
          throw new StripeApiError(
            402,
            'invalid_request_error',
            `You have insufficient funds in your Stripe account for this payout: ${dollars(available)} ${currency} is available.`,
            'balance_insufficient',
            'amount',
          );
        credit(ledger, currency, -amount);
        const created = now();
        const payout: StripeObject = {
          id: newId('po_'),
          object: 'payout',
          amount,
          currency,
          arrival_date: created + 2 * 24 * 3600,
          automatic: false,
          created,
          description: text(body, 'description') ?? null,
          destination: destination.id,
          metadata: metadataOf(body),
          method: 'standard',
          status: 'pending',
          type: 'bank_account',
          livemode: false,
        };
        ledger.payouts.push(payout);
        emit('payout.created', ledger, payout);
        return payout;
      },
    ],
    [
      'POST',
      /^\/v1\/topups$/,
      ({ body, ledger: ledgerOf }) => {
        const ledger = ledgerOf();
        const amount = positive(body, 'amount');
        const currency = currencyOf(body);
        credit(ledger, currency, amount);
        const created = now();
        const topup = {
          id: newId('tu_'),
          object: 'topup',
          amount,
          currency,
          description: text(body, 'description') ?? null,
          metadata: metadataOf(body),
          status: 'succeeded',
          created,
          expected_availability_date: created,
          livemode: false,
        };
        emit('topup.succeeded', ledger, topup);
        return topup;
      },
    ],
  ];

  function answer(method: string, path: string, body: Json, stripeAccount: string | undefined): { status: number; body: unknown } {
    try {
      for (const [routeMethod, pattern, handler] of routes) {
        const match = routeMethod === method ? pattern.exec(path) : null;
        if (!match) continue;
        const ledger = () => {
          if (stripeAccount === undefined) return platform;
          const found = ledgers.get(stripeAccount);
          if (found) return found;
          throw new StripeApiError(
            403,
            'invalid_request_error',
            `The provided key '${SECRET_KEY.slice(0, 8)}***' does not have access to account '${stripeAccount}' (or that account does not exist).`,
            'account_invalid',
          );
        };
        return { status: 200, body: handler({ params: match.slice(1).map(decodeURIComponent), body, ledger }) };
      }
      throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: error.body };
      throw error;
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { type: 'api_error', message: `The fake Stripe failed: ${String(error)}` } });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const hasQuery = method === 'GET' || method === 'DELETE';
    const body = parseStripeForm(hasQuery ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = singleHeader(request, 'idempotency-key');
    const stripeAccount = singleHeader(request, 'stripe-account');
    requests.push({ method, path: url.pathname, ...(idempotencyKey && { idempotencyKey }), ...(stripeAccount && { stripeAccount }), body });

    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      const error = new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided: the fake Stripe takes sk_test_fake only.');
      return send(response, 401, error.body);
    }
    if (method !== 'POST' || !idempotencyKey) {
      const result = answer(method, url.pathname, body, stripeAccount);
      return send(response, result.status, result.body);
    }
    const memoKey = `${stripeAccount ?? ''} ${idempotencyKey}`;
    // A digest of the request, so a bank account number is kept nowhere but in `requests`.
    const fingerprint = createHash('sha256')
      .update(`${method} ${url.pathname} ${JSON.stringify(body)}`)
      .digest('hex');
    const saved = idempotent.get(memoKey);
    if (saved && saved.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return send(response, 400, new StripeApiError(400, 'idempotency_error', message).body);
    }
    if (saved) return send(response, saved.status, saved.body, { 'Idempotent-Replayed': 'true' });
    const result = answer(method, url.pathname, body, stripeAccount);
    idempotent.set(memoKey, { fingerprint, ...result });
    send(response, result.status, result.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function findSession(sessionId: string): [Ledger, SessionObject] {
    for (const ledger of [platform, ...ledgers.values()]) {
      const session = ledger.sessions.get(sessionId);
      if (session) return [ledger, session];
    }
    throw new Error(`The fake Stripe has no checkout session ${sessionId}`);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    requests,
    events,
    completeCheckout(sessionId) {
      const [ledger, session] = findSession(sessionId);
      if (session.status !== 'open') throw new Error(`The checkout session ${sessionId} is already ${session.status}`);
      const created = now();
      const metadata = ledger.intentMetadata.get(sessionId) ?? {};
      const { amount_total: amount, currency } = session;
      const intentId = newId('pi_');
      const charge: ChargeObject = {
        id: newId('ch_'),
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        captured: true,
        created,
        currency,
        livemode: false,
        metadata,
        paid: true,
        payment_intent: intentId,
        refunded: false,
        status: 'succeeded',
      };
      const intent: PaymentIntentObject = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: amount,
        created,
        currency,
        latest_charge: charge.id,
        livemode: false,
        metadata,
        payment_method_types: ['card'],
        status: 'succeeded',
      };
      ledger.charges.set(charge.id, charge);
      ledger.paymentIntents.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id, url: null });
      credit(ledger, currency, amount);
      emit('charge.succeeded', ledger, charge);
      emit('payment_intent.succeeded', ledger, intent);
      return emit('checkout.session.completed', ledger, session);
    },
    verifyAccount(accountId) {
      const ledger = ledgers.get(accountId);
      if (!ledger) throw new Error(`The fake Stripe has no account ${accountId}`);
      const { account } = ledger;
      account.details_submitted = true;
      account.charges_enabled = true;
      account.payouts_enabled = ledger.bankAccounts.length > 0;
      account.capabilities = Object.fromEntries(Object.keys(account.capabilities).map((name) => [name, 'active']));
      account.requirements = { currently_due: [], disabled_reason: null };
      return emit('account.updated', ledger, accountView(ledger));
    },
    sign(event, options = {}) {
      const payload = JSON.stringify(event, null, 2);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
        timestamp: options.timestamp,
      });
      return { payload, header };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function raise(error: Error): never {
  throw error;
}

function singleHeader(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const json = JSON.stringify(body, null, 2);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(json),
    'Request-Id': newId('req_', 14),
    ...headers,
  });
  response.end(json);
}
